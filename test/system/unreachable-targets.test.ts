// A target that does not exist, exits at once, never answers or prints garbage gets a clear
// one-line error and exit 2 within the timeout, and leaves no process or temp file behind.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, test } from 'vitest';
import { builtFixture, CLI_BUNDLE } from '../helpers/fixture-process.js';

function processesMentioning(token: string): string[] {
  const out = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes(token) && !line.includes('ps -eo'));
}

/**
 * Runs the harness (--quiet: stderr holds only the error) with TMPDIR pointed at a private empty
 * directory, and says what it left there. `timed` drops --quiet: seconds then run from the target
 * line (the harness loaded, the run begins) to exit, leaving node's start-up out.
 */
async function runCli(args: string[], options: { timed?: boolean } = {}) {
  const privateTmp = mkdtempSync(path.join(tmpdir(), 'mcp-conform-unreachable-'));
  try {
    const child = execa(process.execPath, [CLI_BUNDLE, 'run', ...(options.timed ? [] : ['--quiet']), ...args], {
      reject: false,
      env: { NO_COLOR: '1', TMPDIR: privateTmp },
    });
    let running = performance.now();
    if (options.timed) child.stderr?.once('data', () => (running = performance.now()));
    const result = await child;
    return { ...result, seconds: (performance.now() - running) / 1000, tempLeft: readdirSync(privateTmp) };
  } finally {
    rmSync(privateTmp, { recursive: true, force: true });
  }
}

// Each case mostly waits (timeouts, kill graces): they wait side by side.
describe.concurrent('unreachable targets', () => {
  test('a command that does not exist', async () => {
    const result = await runCli(['--timeout', '1000', '--stdio', 'definitely-not-a-real-mcp-server-binary --flag']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/could not be started: .*ENOENT|definitely-not-a-real/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.tempLeft).toEqual([]);
  });

  test('a server that exits at once reports its exit code and stderr', async () => {
    const token = `mcp-conform-token-${randomUUID()}`;
    const result = await runCli([
      '--timeout',
      '1000',
      '--',
      process.execPath,
      builtFixture('fixtures/hostile/exit-at-once.ts'),
      token,
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(
      'server exited with code 1 before answering; stderr: fatal: configuration file ./server.toml not found',
    );
    expect(processesMentioning(token)).toEqual([]);
    expect(result.tempLeft).toEqual([]);
  });

  test('a server that never answers is given up on within the timeout, and its process group is killed', async () => {
    const token = `mcp-conform-token-${randomUUID()}`;
    // No answer ever comes, so short waits prove the same; the kill graces (2 s each) are the harness's own.
    const result = await runCli(
      [
        '--timeout',
        '500',
        '--startup-timeout',
        '1000',
        '--',
        process.execPath,
        builtFixture('fixtures/hostile/never-answers.ts'),
        token,
      ],
      { timed: true },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(
      /wrote nothing on stdout within its 1000 ms start-up allowance \(--startup-timeout\) and did not answer within 500 ms/,
    );
    // The discover probe waits out the start-up allowance, the initialize probe only its timeout;
    // each then has stdin close and SIGTERM graces: about 11 s, where the default 30 s start-up
    // allowance alone would pass the bound.
    expect(result.seconds).toBeLessThan(25);
    expect(processesMentioning(token)).toEqual([]);
    expect(result.tempLeft).toEqual([]);
  });

  test('a server that prints garbage is reported with what it printed', async () => {
    const token = `mcp-conform-token-${randomUUID()}`;
    // No JSON-RPC ever comes: a short timeout keeps each probe's three tries (each lingered out) quick.
    const result = await runCli([
      '--timeout',
      '100',
      '--',
      process.execPath,
      builtFixture('fixtures/hostile/garbage.ts'),
      token,
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('server wrote only non-JSON-RPC output to stdout');
    expect(result.stderr).toContain('Starting server v1.2.3...');
    expect(processesMentioning(token)).toEqual([]);
    expect(result.tempLeft).toEqual([]);
  });

  test.each(['2026-07-28', '2025-11-25', 'all'])(
    'with --revision %s, a dead target is still unreachable, not a list of verdicts',
    async (revision) => {
      const [stdio, http] = await Promise.all([
        runCli(['--revision', revision, '--timeout', '1000', '--stdio', 'definitely-not-a-real-mcp-server-binary']),
        runCli(['--revision', revision, '--timeout', '1000', '--url', 'http://127.0.0.1:9/mcp']),
      ]);
      expect(stdio.exitCode).toBe(2);
      expect(stdio.stderr.trim().split('\n')).toEqual([
        'mcp-conform: server could not be started: command not found: definitely-not-a-real-mcp-server-binary',
      ]);
      expect(stdio.stdout).not.toMatch(/PASS|FAIL/);
      expect(http.exitCode).toBe(2);
      expect(http.stderr.trim()).toBe('mcp-conform: connection refused by http://127.0.0.1:9/mcp');
      expect([...stdio.tempLeft, ...http.tempLeft]).toEqual([]);
    },
  );

  test('a URL nobody listens on', async () => {
    const result = await runCli(['--timeout', '1000', '--url', 'http://127.0.0.1:9/mcp']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('connection refused by http://127.0.0.1:9/mcp');
    expect(result.tempLeft).toEqual([]);
  });
});

describe.concurrent('usage errors exit 2 with one line', () => {
  test.each([
    [['--stdio', 'node x.js', '--url', 'http://127.0.0.1:1/mcp'], 'give one target'],
    [['--url', 'not a url'], '--url is not a valid URL'],
    [['--revision', '2024-01-01'], 'unknown revision'],
    [['--stdio', 'node "unterminated'], 'unterminated'],
    [['--timeout', 'soon'], '--timeout expects a positive integer'],
    [['--frobnicate'], "Unknown option '--frobnicate'"],
  ])('%j', async (args, message) => {
    const result = await runCli(args as string[]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});
