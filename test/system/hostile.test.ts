// A gallery of hostile targets: for each, the harness finishes within its bound, reports the
// right finding, writes its reports (JSON and JUnit), keeps memory bounded and leaves nothing
// behind: no process (found by a unique token on the target's command line), no temp file (the
// harness runs with TMPDIR pointed at a private empty directory) and no open connection (the
// HTTP fixture counts them).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, test } from 'vitest';
import { builtFixture, startHttpFixture, type HttpFixture, CLI_BUNDLE } from '../helpers/fixture-process.js';
import { leftovers, watchPeakRss } from '../helpers/hostile-run.js';

const HOSTILE_STDIO = builtFixture('fixtures/hostile/stdio-server.ts');
const HOSTILE_HTTP = builtFixture('fixtures/hostile/http-server.ts');

interface CliRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** From the target line (the harness loaded, the run begins) to exit: node's start-up is no part of a bound. */
  seconds: number;
  peakRssMb: number;
  results:
    | { outcome: string; interrupted?: boolean; checks: { id: string; verdict: string; reason?: string }[] }
    | undefined;
  junit: string | undefined;
  /** What the harness left in its private TMPDIR. */
  tempLeft: string[];
}

/** Resolves once a target process (not the harness) whose command line holds the token has been running for a while. */
async function runningFor(token: string, ms: number): Promise<void> {
  while (!leftovers(token).some((line) => !line.includes(CLI_BUNDLE)))
    await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, ms));
}

async function runCli(
  args: string[],
  options: { signalOnceRunning?: { token: string; signal: NodeJS.Signals } } = {},
): Promise<CliRun> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-hostile-'));
  const privateTmp = path.join(dir, 'tmp');
  mkdirSync(privateTmp);
  const json = path.join(dir, 'results.json');
  const junit = path.join(dir, 'junit.xml');
  try {
    const started = performance.now();
    // The timeout each case gives is pinned (no adaptation to a loaded machine), so its time bound holds.
    const timeout = args[args.indexOf('--timeout') + 1];
    const pinned = args.includes('--timeout') ? ['--max-timeout', timeout] : [];
    const child = execa(process.execPath, [CLI_BUNDLE, 'run', '--json', json, '--junit', junit, ...pinned, ...args], {
      reject: false,
      env: { NO_COLOR: '1', TMPDIR: privateTmp },
      // A signal the test sends is the harness's to handle: no SIGKILL 5 s later on a loaded machine.
      forceKillAfterDelay: false,
    });
    const peak = watchPeakRss(child.pid!);
    let running = started;
    child.stderr?.once('data', () => (running = performance.now()));
    // The target exists only once the harness runs (its signal handlers are in place by then).
    const signal = options.signalOnceRunning;
    if (signal) void runningFor(signal.token, 500).then(() => child.kill(signal.signal));
    const result = await child;
    return {
      exitCode: result.exitCode ?? -1,
      stdout: String(result.stdout),
      stderr: String(result.stderr),
      seconds: (performance.now() - running) / 1000,
      peakRssMb: peak(),
      results: existsSync(json) ? JSON.parse(readFileSync(json, 'utf8')) : undefined,
      junit: existsSync(junit) ? readFileSync(junit, 'utf8') : undefined,
      tempLeft: readdirSync(privateTmp),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The four things every hostile run must show, whatever the target did. Time bounds are the
 * expected time several times over: they catch a hang, not a slow machine (2 shared cores).
 */
function expectSurvived(run: CliRun, bound: { exitCode: number; seconds: number; token?: string }): void {
  expect(run.exitCode, run.stderr).toBe(bound.exitCode);
  expect(run.seconds).toBeLessThan(bound.seconds);
  expect(run.results?.outcome, run.stderr).toBeDefined();
  expect(run.junit, run.stderr).toContain('<testsuites');
  expect(run.tempLeft).toEqual([]);
  if (bound.token) expect(leftovers(bound.token)).toEqual([]);
}

const verdictOf = (run: CliRun, id: string) => run.results?.checks.find((check) => check.id === id)?.verdict;
const reasonOf = (run: CliRun, id: string) => run.results?.checks.find((check) => check.id === id)?.reason;
const stdio = (token: string, ...flags: string[]) => ['--', process.execPath, HOSTILE_STDIO, ...flags, token];
// Checks that need no process of their own: a flood is paid for by the probe and the shared process only.
const SHARED_CHECKS = [
  '--revision',
  '2026-07-28',
  '--check',
  '2026-07-28/lifecycle',
  '--check',
  '2026-07-28/stdio/stdout-only-jsonrpc',
  '--check',
  '2026-07-28/wire',
];
const HTTP_CHECKS = [
  '--revision',
  '2026-07-28',
  '--check',
  '2026-07-28/lifecycle/discover-result',
  '--check',
  '2026-07-28/wire',
];
const checks = (...ids: string[]) => [
  '--revision',
  '2026-07-28',
  ...ids.flatMap((id) => ['--check', `2026-07-28/${id}`]),
];

const WELL_BEHAVED_TOKEN = randomUUID();
let wellBehaved: Promise<CliRun> | undefined;
/** The same checks against the same target without a misbehaviour, run once: the yardstick for memory. */
const wellBehavedRun = () =>
  (wellBehaved ??= runCli(['--timeout', '1500', ...SHARED_CHECKS, ...stdio(WELL_BEHAVED_TOKEN)]));

/** Peak RSS within 100 MB of a normal run's, while the target sent 150 MB or more: nothing was kept whole. */
async function expectBoundedMemory(run: CliRun): Promise<void> {
  const normal = (await wellBehavedRun()).peakRssMb;
  expect(normal).toBeGreaterThan(0);
  expect(run.peakRssMb, `peak ${run.peakRssMb.toFixed(0)} MB, normal run ${normal.toFixed(0)} MB`).toBeLessThan(
    normal + 100,
  );
}

// Cases whose time is mostly waiting run side by side (test.concurrent); the floods, whose time is
// CPU, run one at a time, so their bounds hold beside busy loops.
describe('hostile stdio targets', () => {
  test.concurrent('answers some requests, then hangs: the rest time out, reports are written', async () => {
    const token = randomUUID();
    // The timeout must cover a node start-up on a loaded machine, or discovery itself times out (exit 2).
    // 11 answers get the harness past discovery and the profile's lists (10 requests) and answer one
    // of the two checks; the other's request hangs (each hang costs a wait, a confirming wait and a linger).
    const run = await runCli([
      '--timeout',
      '1500',
      ...checks('lifecycle/discover-result', 'lifecycle/unsupported-version', 'wire/requests-answered'),
      ...stdio(token, '--hang-after', '11'),
    ]);
    // About 8 s, of which 7.5 s waits (1.5 s, 3 s confirming, 3 s linger). Nothing failed: inconclusive, exit 4.
    expectSurvived(run, { exitCode: 4, seconds: 20, token });
    expect(run.results?.outcome).toBe('inconclusive');
    // No answer in time is inconclusive, never a failure: time alone decides no verdict.
    expect(
      run.results?.checks.some(
        (check) => check.verdict === 'error' && check.reason?.startsWith('inconclusive: no response'),
      ),
    ).toBe(true);
    expect(
      run.results?.checks.some((check) => check.verdict === 'fail' && check.reason?.includes('before the timeout')),
    ).toBe(false);
    expect(run.results?.checks.some((check) => check.id.includes('/lifecycle/') && check.verdict === 'pass')).toBe(
      true,
    );
    expect(verdictOf(run, '2026-07-28/wire/requests-answered')).toBe('error');
    expect(run.junit).toContain('<error');
  });

  test.concurrent('exits mid-run: the check in flight fails with the exit, the run goes on with a new process', async () => {
    const token = randomUUID();
    // Discovery (10 requests) outlives a process; pipelined-requests sends 12 on a process of its own.
    const run = await runCli([
      '--timeout',
      '1000',
      ...checks('lifecycle', 'stdio/pipelined-requests', 'wire/requests-answered'),
      ...stdio(token, '--exit-after', '5'),
    ]);
    expectSurvived(run, { exitCode: 1, seconds: 20, token });
    // The crash left requests unanswered: a finding even when it hit the harness's own discovery.
    expect(verdictOf(run, '2026-07-28/wire/requests-answered')).toBe('fail');
    expect(reasonOf(run, '2026-07-28/stdio/pipelined-requests')).toContain('server exited with code 3');
    expect(run.results?.checks.filter((check) => check.verdict === 'pass').length).toBeGreaterThan(0);
  });

  test('floods stdout with 200 MB of log lines: pollution is the finding, memory stays bounded', async () => {
    const token = randomUUID();
    const run = await runCli(['--timeout', '5000', ...SHARED_CHECKS, ...stdio(token, '--flood-stdout', '200')]);
    expectSurvived(run, { exitCode: 1, seconds: 30, token });
    expect(verdictOf(run, '2026-07-28/stdio/stdout-only-jsonrpc')).toBe('fail');
    expect(verdictOf(run, '2026-07-28/lifecycle/discover-result')).toBe('pass');
    await expectBoundedMemory(run);
  });

  test('floods stderr with 200 MB: never a failure, memory stays bounded', async () => {
    const token = randomUUID();
    const run = await runCli(['--timeout', '5000', ...SHARED_CHECKS, ...stdio(token, '--flood-stderr', '200')]);
    expectSurvived(run, { exitCode: 0, seconds: 30, token });
    expect(verdictOf(run, '2026-07-28/lifecycle/discover-result')).toBe('pass');
    await expectBoundedMemory(run);
  });

  test('writes one 150 MB line with no newline in it before answering', async () => {
    const token = randomUUID();
    const run = await runCli(['--timeout', '5000', ...SHARED_CHECKS, ...stdio(token, '--huge-line', '150')]);
    expectSurvived(run, { exitCode: 1, seconds: 30, token });
    expect(verdictOf(run, '2026-07-28/stdio/stdout-only-jsonrpc')).toBe('fail');
    expect(verdictOf(run, '2026-07-28/lifecycle/discover-result')).toBe('pass');
    await expectBoundedMemory(run);
  });

  test.concurrent('sends invalid UTF-8 on stdout', async () => {
    const token = randomUUID();
    const run = await runCli(['--timeout', '1000', ...SHARED_CHECKS, ...stdio(token, '--invalid-utf8')]);
    expectSurvived(run, { exitCode: 1, seconds: 20, token });
    expect(verdictOf(run, '2026-07-28/stdio/stdout-only-jsonrpc')).toBe('fail');
    expect(reasonOf(run, '2026-07-28/stdio/stdout-only-jsonrpc')).toContain('not valid UTF-8');
    expect(verdictOf(run, '2026-07-28/lifecycle/discover-result')).toBe('pass');
  });

  test.concurrent.each([
    ['--unknown-ids', 'response to an id that was never sent'],
    ['--duplicate-responses', 'second response to an id already answered'],
  ])('%s: the stray responses are the finding, every request is still matched to its answer', async (flag, note) => {
    const token = randomUUID();
    const run = await runCli(['--timeout', '1500', ...SHARED_CHECKS, ...stdio(token, flag)]);
    expectSurvived(run, { exitCode: 1, seconds: 20, token });
    expect(verdictOf(run, '2026-07-28/wire/responses-match-requests')).toBe('fail');
    expect(reasonOf(run, '2026-07-28/wire/responses-match-requests')).toContain(note);
    expect(verdictOf(run, '2026-07-28/lifecycle/discover-result')).toBe('pass');
    expect(verdictOf(run, '2026-07-28/wire/requests-answered')).toBe('pass');
  });

  test.concurrent.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to the harness stops the target and still writes a partial report marked interrupted',
    async (signal) => {
      const token = randomUUID();
      const run = await runCli(
        ['--timeout', '30000', '--revision', '2026-07-28', ...stdio(token, '--hang-after', '4')],
        { signalOnceRunning: { token, signal } },
      );
      expectSurvived(run, { exitCode: 1, seconds: 20, token });
      expect(run.stderr).toContain(`${signal} received`);
      expect(run.results?.interrupted).toBe(true);
      expect(run.results?.outcome).toBe('interrupted');
      expect(
        run.results?.checks.some(
          (check) =>
            check.reason === 'not run: the run was interrupted' ||
            check.reason === 'interrupted before the check finished',
        ),
      ).toBe(true);
    },
  );
});

interface FixtureStats {
  requests: number;
  open: number;
  stallMs: Array<number | null>;
  maxOpenStalls: number;
}

/** The fixture's own account, over a connection of its own that closes after the answer. */
function statsOf(fixture: HttpFixture): Promise<FixtureStats> {
  return new Promise((resolve, reject) => {
    http
      .get(fixture.url.replace(/\/mcp$/, '/__stats'), { agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve(JSON.parse(body) as FixtureStats));
      })
      .on('error', reject);
  });
}

/** The harness left no connection open, never-ending answers included. */
async function expectNoOpenConnection(fixture: HttpFixture): Promise<FixtureStats> {
  let stats = await statsOf(fixture);
  // The fixture hears of a close a moment after the harness exits.
  for (let i = 0; i < 100 && (stats.open > 0 || stats.stallMs.includes(null)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    stats = await statsOf(fixture);
  }
  expect(stats.open, JSON.stringify(stats)).toBe(0);
  expect(stats.stallMs).not.toContain(null);
  return stats;
}

describe('hostile HTTP targets', () => {
  const fixtures: HttpFixture[] = [];
  afterAll(async () => Promise.all(fixtures.map((f) => f.stop())));
  const start = async (...args: string[]) => {
    const fixture = await startHttpFixture(process.execPath, [HOSTILE_HTTP, ...args]);
    fixtures.push(fixture);
    return fixture;
  };

  // An answer that never completes proves the same with a short wait; each probe is tried three
  // times, with twice the wait each time.
  test.concurrent.each([
    ['status-500', '800', /HTTP 500 from http:\/\/127\.0\.0\.1:\d+\/mcp without a JSON-RPC response/],
    ['html-404', '800', /HTTP 404 from .* without a JSON-RPC response/],
    ['endless-sse', '200', /did not answer within 200 ms/],
    ['trickle', '200', /did not answer within 200 ms/],
  ])('%s: a clear one-line error and exit 2 within the timeout', async (mode, timeout, message) => {
    const fixture = await start('--mode', mode);
    const run = await runCli(['--timeout', timeout, '--url', fixture.url]);
    expectSurvived(run, { exitCode: 2, seconds: 15 });
    expect(run.stderr).toMatch(message);
    expect(run.results?.outcome).toBe('unreachable');
    const stats = await expectNoOpenConnection(fixture);
    expect(stats.requests).toBeGreaterThan(0);
  });

  test.concurrent.each(['endless-sse', 'trickle'])(
    'answers until prompts/get, then %s: those requests time out, the run goes on',
    async (stall) => {
      const fixture = await start('--mode', 'serve', '--stall-on', 'prompts/get', '--stall', stall);
      // Two checks stall, each in its run and its confirming run: four stalls. One check at a time:
      // the stalls come one after another, so each must be cut before the next begins.
      const selected = checks(
        'lifecycle/discover-result',
        'prompts/list-result',
        'prompts/unknown-prompt',
        'prompts/missing-required-argument',
        'wire/requests-answered',
      );
      const run = await runCli(['--timeout', '800', '--concurrency', '1', ...selected, '--url', fixture.url]);
      // Nothing failed and the stalled checks are inconclusive: the run could not run (4).
      expectSurvived(run, { exitCode: 4, seconds: 30 });
      expect(verdictOf(run, '2026-07-28/lifecycle/discover-result')).toBe('pass');
      expect(verdictOf(run, '2026-07-28/prompts/list-result')).toBe('pass');
      expect(verdictOf(run, '2026-07-28/prompts/unknown-prompt')).toBe('error');
      // The confirming run waits twice as long as the first (800 ms, then 1600 ms).
      expect(reasonOf(run, '2026-07-28/prompts/unknown-prompt')).toMatch(
        /^inconclusive: no complete answer within (800|1600) ms/,
      );
      expect(verdictOf(run, '2026-07-28/wire/requests-answered')).toBe('error');
      expect(reasonOf(run, '2026-07-28/wire/requests-answered')).toMatch(/no complete answer within (800|1600) ms/);
      const stats = await expectNoOpenConnection(fixture);
      expect(stats.stallMs.length).toBeGreaterThanOrEqual(4);
      // A stalled connection kept until exit would pile up with the next ones; the close of one may race the next request.
      expect(stats.maxOpenStalls, JSON.stringify(stats)).toBeLessThanOrEqual(2);
    },
  );

  test.concurrent.each([
    ['unknown-id', 'response to an id that was never sent'],
    ['duplicate', 'second response to an id already answered'],
  ])('SSE answers with an extra %s response: the stray responses are the finding', async (extra, note) => {
    const fixture = await start('--mode', 'serve', '--extra', extra);
    const run = await runCli(['--timeout', '1500', ...HTTP_CHECKS, '--url', fixture.url]);
    expectSurvived(run, { exitCode: 1, seconds: 20 });
    expect(verdictOf(run, '2026-07-28/wire/responses-match-requests')).toBe('fail');
    expect(verdictOf(run, '2026-07-28/lifecycle/discover-result')).toBe('pass');
    expect(verdictOf(run, '2026-07-28/wire/requests-answered')).toBe('pass');
    expect(reasonOf(run, '2026-07-28/wire/responses-match-requests')).toContain(note);
    await expectNoOpenConnection(fixture);
  });

  test.concurrent('a redirect to another host is not followed: only the given URL is contacted', async () => {
    // 127.0.0.2 is loopback too, but another host as far as the URL goes.
    const elsewhere = await start('--mode', 'status-500', '--host', '127.0.0.2');
    const redirecting = await start('--mode', 'redirect', '--to', elsewhere.url);
    const run = await runCli(['--timeout', '800', '--url', redirecting.url]);
    expectSurvived(run, { exitCode: 2, seconds: 15 });
    expect(run.stderr).toMatch(/HTTP 307/);
    expect((await statsOf(elsewhere)).requests).toBe(0);
    expect((await statsOf(redirecting)).requests).toBeGreaterThan(0);
    await expectNoOpenConnection(redirecting);
  });
});

test('the same target without a misbehaviour passes, and leaves no temp file and no process behind', async () => {
  const run = await wellBehavedRun();
  expectSurvived(run, { exitCode: 0, seconds: 20, token: WELL_BEHAVED_TOKEN });
  expect(run.results?.checks.length).toBeGreaterThan(5);
  expect(run.results?.checks.every((check) => check.verdict === 'pass')).toBe(true);
});
