// What `run` prints while it works: progress lines on stderr outside a terminal, nothing with
// --quiet, transcripts with --verbose (escaped), colour on a terminal without NO_COLOR or with
// FORCE_COLOR, a summary of the checks that did not pass, and --json - on stdout.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, test } from 'vitest';
import { BIN, cli, referenceArgv } from './cli-process.js';

const LIFECYCLE = ['run', '--demo', '--revision', '2026-07-28', '--check', '2026-07-28/lifecycle'];
const ESC = '\u001b';
const SGR = /\u001b\[\d+(;\d+)*m/;

/** A stdio server whose every answer and stray stdout line carries terminal control sequences. */
function hostileServer(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'mcp-conform-cli-')), 'escapes.mjs');
  writeFileSync(
    file,
    `import { createInterface } from 'node:readline';
const evil = '\\u001b]0;owned\\u0007\\u001b[2J\\u009b31mred\\u202eevil';
process.stdout.write(evil + '\\n');
createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined) return;
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32603, message: evil } }) + '\\n');
});
`,
  );
  return file;
}

const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Runs the CLI under a pseudo-terminal (util-linux `script`), so stdout and stderr are TTYs. */
function inTerminal(args: string[], env: Record<string, string>) {
  const command = [process.execPath, BIN, ...args].map((arg) => `'${arg}'`).join(' ');
  return execa('script', ['-qec', command, '/dev/null'], {
    reject: false,
    env: { TERM: 'xterm-256color', NO_COLOR: '', ...env },
  });
}

// Each case reads only its own process's output: side by side.
describe.concurrent('run output', () => {
  test('outside a terminal, the target and revisions come first on stderr, then one plain line per check with a counter', async () => {
    const result = await cli(LIFECYCLE);
    expect(result.exitCode).toBe(0);
    const [target, revision, ...lines] = result.stderr.trim().split('\n');
    expect(target).toMatch(/^mcp-conform \S+ — stdio target .*reference-server\/main\.js --stdio$/);
    expect(revision).toBe('revision 2026-07-28: 4 checks');
    expect(lines).toHaveLength(4);
    lines.forEach((line, index) =>
      expect(line).toMatch(new RegExp(`^\\[${index + 1}/4\\] PASS  2026-07-28/lifecycle/[a-z-]+$`)),
    );
    expect(result.stderr + result.stdout).not.toContain(ESC);
  });

  test('a passing run does not list its checks twice: the summary names none of them, --verbose names all', async () => {
    const json = path.join(mkdtempSync(path.join(tmpdir(), 'mcp-conform-cli-')), 'results.json');
    const [result, verbose] = await Promise.all([
      cli([...LIFECYCLE, '--json', json]),
      cli([...LIFECYCLE, '--verbose']),
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).not.toContain('PASS  2026-07-28/lifecycle/');
    expect(result.stdout.trim().split('\n').slice(-3)).toEqual([
      expect.stringMatching(/^4 checks: 4 pass, 0 fail/),
      'outcome: passed (exit 0)',
      `reports: ${json}`,
    ]);
    expect(verbose.stdout.match(/^PASS {2}2026-07-28\/lifecycle\//gm)).toHaveLength(4);
  });

  test('the summary lists the checks that did not pass, failures before skips', async () => {
    // Without ping, a MUST ping check fails and a SHOULD one warns; the modern-probe check skips this dual-era server.
    const checks = [
      '2025-11-25/lifecycle/modern-probe-not-modern',
      '2025-11-25/ping/while-busy',
      '2025-11-25/ping/empty-result',
    ].flatMap((id) => ['--check', id]);
    const result = await cli(['run', '--revision', '2025-11-25', ...checks, '--', ...referenceArgv('ping-missing')]);
    expect(result.exitCode).toBe(1);
    const listed = result.stdout.split('\n').filter((line) => /^(FAIL|SKIP|WARN|ERROR|PASS) /.test(line));
    const order = [...new Set(listed.map((line) => line.slice(0, 4)))];
    expect(order).toEqual(['FAIL', 'WARN', 'SKIP']);
    expect(listed).toContain(listed.find((line) => line.startsWith('FAIL  2025-11-25/ping/empty-result')));
  });

  test('--json - writes the results to stdout, and the summary to stderr', async () => {
    const result = await cli([...LIFECYCLE, '--json', '-']);
    expect(result.exitCode).toBe(0);
    const results = JSON.parse(result.stdout);
    expect(results).toMatchObject({ schemaVersion: 1, outcome: 'passed' });
    expect(results.checks).toHaveLength(4);
    expect(result.stderr).toContain('outcome: passed (exit 0)');
    expect(result.stderr).not.toMatch(/^reports:/m);
  });

  test('FORCE_COLOR colours output that is not a terminal; FORCE_COLOR=0 and NO_COLOR do not', async () => {
    // cli() sets NO_COLOR=1 unless told otherwise: the FORCE_COLOR=0 case clears it, or it would prove nothing.
    const plainEnvs: Array<Record<string, string>> = [{ NO_COLOR: '', FORCE_COLOR: '0' }, { NO_COLOR: '1' }];
    const [forced, ...plains] = await Promise.all([
      cli(LIFECYCLE, { env: { NO_COLOR: '', FORCE_COLOR: '1' } }),
      ...plainEnvs.map((env) => cli(LIFECYCLE, { env })),
    ]);
    expect(forced.stderr).toMatch(SGR);
    expect(forced.stdout).toMatch(SGR);
    plains.forEach((plain, i) => expect(plain.stderr + plain.stdout, JSON.stringify(plainEnvs[i])).not.toMatch(SGR));
  });

  test('--quiet prints no progress and only the counts', async () => {
    const result = await cli([...LIFECYCLE, '--quiet']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).not.toContain('PASS  2026-07-28/lifecycle/');
    expect(result.stdout).toContain('4 checks: 4 pass');
  });

  test("--verbose prints each wire entry as one line, with the server's control characters made visible", async () => {
    const result = await cli([
      'run',
      '--revision',
      '2026-07-28',
      '--check',
      '2026-07-28/lifecycle/discover-result',
      '--verbose',
      '--',
      process.execPath,
      hostileServer(),
    ]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/^\[1\/1\] FAIL {2}2026-07-28\/lifecycle\/discover-result/m);
    expect(result.stderr).toMatch(/^ {4}.*>> message \{"jsonrpc":"2\.0","id":\d+,"method":"server\/discover"/m);
    expect(result.stderr).toMatch(/^ {4}.*<< message .*\\u001b\]0;owned\\u0007\\u001b\[2J\\u009b31mred\\u202eevil/m);
    for (const raw of [ESC, '\u009b', '\u0007', '\u202e']) expect(result.stderr + result.stdout).not.toContain(raw);
  });

  test.skipIf(!hasScript)('on a terminal the verdicts are coloured, and NO_COLOR turns colour off', async () => {
    const [coloured, plain] = await Promise.all([inTerminal(LIFECYCLE, {}), inTerminal(LIFECYCLE, { NO_COLOR: '1' })]);
    expect(coloured.exitCode, coloured.stdout).toBe(0);
    expect(coloured.stdout).toMatch(SGR);
    expect(plain.exitCode, plain.stdout).toBe(0);
    expect(plain.stdout).toContain('4 checks: 4 pass, 0 fail');
    expect(plain.stdout).not.toMatch(SGR);
  });
});
