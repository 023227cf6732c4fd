// A gallery of hostile targets: for each, the harness finishes within its bound, reports the
// right finding, writes its reports, keeps memory bounded and leaves no process behind.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, test } from 'vitest';
import { builtFixture, PROJECT_ROOT, startHttpFixture, type HttpFixture } from './helpers/fixture-process.js';

const BIN = path.join(PROJECT_ROOT, 'dist/harness/cli/bin.js');
const HOSTILE_STDIO = builtFixture('fixtures/hostile/stdio-server.ts');
const HOSTILE_HTTP = builtFixture('fixtures/hostile/http-server.ts');

interface CliRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  seconds: number;
  peakRssMb: number;
  results: { outcome: string; interrupted?: boolean; checks: { id: string; verdict: string; reason?: string }[] } | undefined;
  junit: string | undefined;
}

/** Peak resident memory of a process, from /proc (VmHWM), polled until it exits. */
function watchPeakRss(pid: number): () => number {
  let peakKb = 0;
  const timer = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const hwm = /VmHWM:\s+(\d+) kB/.exec(status);
      if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
    } catch {
      /* exited */
    }
  }, 25);
  return () => {
    clearInterval(timer);
    return peakKb / 1024;
  };
}

/** Resolves once a target process (not the harness) whose command line holds the token has been running for a while. */
async function runningFor(token: string, ms: number): Promise<void> {
  while (!leftovers(token).some((line) => !line.includes(BIN))) await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, ms));
}

async function runCli(args: string[], options: { killOnceRunning?: string } = {}): Promise<CliRun> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-hostile-'));
  const json = path.join(dir, 'results.json');
  const junit = path.join(dir, 'junit.xml');
  const started = performance.now();
  const child = execa(process.execPath, [BIN, 'run', '--json', json, '--junit', junit, ...args], { reject: false, env: { NO_COLOR: '1' } });
  const peak = watchPeakRss(child.pid!);
  // The target exists only once the harness runs (its signal handlers are in place by then).
  if (options.killOnceRunning) void runningFor(options.killOnceRunning, 500).then(() => child.kill('SIGTERM'));
  const result = await child;
  return {
    exitCode: result.exitCode ?? -1,
    stdout: String(result.stdout),
    stderr: String(result.stderr),
    seconds: (performance.now() - started) / 1000,
    peakRssMb: peak(),
    results: existsSync(json) ? JSON.parse(readFileSync(json, 'utf8')) : undefined,
    junit: existsSync(junit) ? readFileSync(junit, 'utf8') : undefined,
  };
}

function leftovers(token: string): string[] {
  return execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(token) && !line.includes('ps -eo'));
}

const verdictOf = (run: CliRun, id: string) => run.results?.checks.find((check) => check.id === id)?.verdict;
const stdio = (token: string, ...flags: string[]) => ['--', process.execPath, HOSTILE_STDIO, ...flags, token];
const FEW_CHECKS = ['--revision', '2026-07-28', '--check', '2026-07-28/lifecycle', '--check', '2026-07-28/stdio', '--check', '2026-07-28/wire'];

describe('hostile stdio targets', () => {
  test('answers some requests, then hangs: the rest time out, reports are written', async () => {
    const token = randomUUID();
    // The timeout must cover a node start-up on a loaded machine, or discovery itself times out (exit 2).
    const run = await runCli(['--timeout', '1500', ...FEW_CHECKS, ...stdio(token, '--hang-after', '3')]);
    expect(run.exitCode).toBe(1);
    expect(run.seconds).toBeLessThan(20);
    expect(run.results?.checks.some((check) => check.verdict === 'fail' && check.reason?.includes('no response before the timeout'))).toBe(true);
    expect(run.junit).toContain('<failure');
    expect(leftovers(token)).toEqual([]);
  });

  test('exits mid-run: the check in flight fails with the exit, the run goes on with a new process', async () => {
    const token = randomUUID();
    const run = await runCli(['--timeout', '1000', ...FEW_CHECKS, ...stdio(token, '--exit-after', '5')]);
    expect(run.exitCode).toBe(1);
    // The crash left requests unanswered: a finding even when it hit the harness's own discovery.
    expect(verdictOf(run, '2026-07-28/wire/requests-answered')).toBe('fail');
    expect(run.results?.checks.some((check) => check.reason?.includes('server exited with code 3'))).toBe(true);
    expect(run.results?.checks.filter((check) => check.verdict === 'pass').length).toBeGreaterThan(0);
    expect(leftovers(token)).toEqual([]);
  });

  test('floods stdout with 200 MB of log lines: pollution is the finding, memory stays bounded', async () => {
    const token = randomUUID();
    const run = await runCli(['--timeout', '5000', ...FEW_CHECKS, ...stdio(token, '--flood-stdout', '200')]);
    expect(verdictOf(run, '2026-07-28/stdio/stdout-only-jsonrpc')).toBe('fail');
    expect(verdictOf(run, '2026-07-28/lifecycle/discover-result')).toBe('pass');
    expect(run.peakRssMb).toBeLessThan(300);
    expect(leftovers(token)).toEqual([]);
  });

  test('floods stderr with 200 MB: never a failure, memory stays bounded', async () => {
    const token = randomUUID();
    const run = await runCli(['--timeout', '5000', ...FEW_CHECKS, ...stdio(token, '--flood-stderr', '200')]);
    expect(run.exitCode, run.stdout).toBe(0);
    expect(run.peakRssMb).toBeLessThan(300);
  });

  test('writes one 150 MB line with no newline in it before answering', async () => {
    const token = randomUUID();
    const run = await runCli(['--timeout', '5000', ...FEW_CHECKS, ...stdio(token, '--huge-line', '150')]);
    expect(verdictOf(run, '2026-07-28/stdio/stdout-only-jsonrpc')).toBe('fail');
    expect(verdictOf(run, '2026-07-28/lifecycle/discover-result')).toBe('pass');
    expect(run.peakRssMb).toBeLessThan(300);
  });

  test('sends invalid UTF-8 on stdout', async () => {
    const run = await runCli(['--timeout', '1000', ...FEW_CHECKS, ...stdio(randomUUID(), '--invalid-utf8')]);
    const check = run.results?.checks.find((c) => c.id === '2026-07-28/stdio/stdout-only-jsonrpc');
    expect(check?.verdict).toBe('fail');
    expect(check?.reason).toContain('not valid UTF-8');
  });

  test('SIGTERM to the harness stops the target and still writes a partial report marked interrupted', async () => {
    const token = randomUUID();
    const run = await runCli(['--timeout', '30000', '--revision', '2026-07-28', ...stdio(token, '--hang-after', '4')], { killOnceRunning: token });
    expect(run.seconds).toBeLessThan(15);
    expect(run.exitCode).toBe(1);
    expect(run.results?.interrupted).toBe(true);
    expect(run.results?.outcome).toBe('interrupted');
    expect(run.results?.checks.some((check) => check.reason === 'not run: the run was interrupted' || check.reason === 'interrupted before the check finished')).toBe(true);
    expect(run.junit).toContain('<testsuites');
    expect(leftovers(token)).toEqual([]);
  });
});

describe('hostile HTTP targets', () => {
  const fixtures: HttpFixture[] = [];
  afterAll(async () => Promise.all(fixtures.map((f) => f.stop())));
  const start = async (...args: string[]) => {
    const fixture = await startHttpFixture(process.execPath, [HOSTILE_HTTP, ...args]);
    fixtures.push(fixture);
    return fixture;
  };

  test.each([
    ['status-500', /HTTP 500 from http:\/\/127\.0\.0\.1:\d+\/mcp without a JSON-RPC response/],
    ['html-404', /HTTP 404 from .* without a JSON-RPC response/],
    ['endless-sse', /did not answer within 800 ms/],
    ['trickle', /did not answer within 800 ms/],
  ])('%s: a clear one-line error and exit 2 within the timeout', async (mode, message) => {
    const fixture = await start('--mode', mode);
    const run = await runCli(['--timeout', '800', '--url', fixture.url]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.seconds).toBeLessThan(8);
    expect(run.results?.outcome).toBe('unreachable');
  });

  test('a redirect to another host is not followed: only the given URL is contacted', async () => {
    const elsewhere = await start('--mode', 'status-500');
    const redirecting = await start('--mode', 'redirect', '--to', elsewhere.url);
    const run = await runCli(['--timeout', '800', '--url', redirecting.url]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/HTTP 307/);
    const count = await fetch(elsewhere.url.replace('/mcp', '/__count')).then((r) => r.text());
    expect(count).toBe('0');
  });
});

test('no temp files are left behind by a run', async () => {
  const before = new Set(readdirSync(tmpdir()));
  await execa(process.execPath, [BIN, 'run', '--revision', '2026-07-28', '--check', '2026-07-28/lifecycle'], { reject: false });
  const added = readdirSync(tmpdir()).filter((name) => !before.has(name) && !name.startsWith('mcp-conform-hostile-'));
  expect(added).toEqual([]);
});
