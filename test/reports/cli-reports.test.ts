// The report, diff and merge commands as a CI job runs them: the built binary, real results
// files, exit codes 0/1/2 and one clear line on stderr for bad input. Each command starts the
// binary once or twice; the other cases call the command line's main in this process, as each
// start of the binary costs a second of CPU.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { RunResults } from '../../harness/results/results.js';
import {
  HOSTILE_CHECKS,
  HOSTILE_INCONCLUSIVE,
  INCONCLUSIVE_TIMEOUT_MS,
  REFERENCE_CHECKS,
  REFERENCE_SKIP,
  RUN_TIMEOUT_MS,
  checkArgs,
  cli,
  inProcess,
  tempDir,
  type CliOutcome,
} from './helpers.js';

const HOSTILE = ['--', process.execPath, 'test/reports/fixtures/hostile-server.mjs'];
/** The hostile server's few areas and its inconclusive check, for the runs the reports read. */
const HOSTILE_RUN = [
  ...checkArgs([...HOSTILE_CHECKS, HOSTILE_INCONCLUSIVE]),
  '--timeout',
  String(INCONCLUSIVE_TIMEOUT_MS),
  ...HOSTILE,
];
const REFERENCE = ['--', process.execPath, 'dist/test/fixtures/reference-server/main.js', '--stdio'];
const dir = tempDir();
const at = (name: string) => path.join(dir, name);
const read = (name: string): RunResults => JSON.parse(readFileSync(at(name), 'utf8'));
let failing: string[];
let judgedRun: CliOutcome;
let shardRuns: CliOutcome[];
let referenceRun: CliOutcome;

// Every run at once: they mostly wait on servers (fresh processes, the inconclusive check's timeout).
beforeAll(async () => {
  // A prefix entry covers whatever this run's failures are.
  writeFileSync(
    at('prefix.yml'),
    'expected-failures:\n  - id: 2025-11-25\n    reason: the hostile server fails on purpose\n',
  );
  const runs = await Promise.all([
    cli(['run', '--quiet', '--json', at('run.json'), ...HOSTILE_RUN]),
    cli([
      'run',
      '--quiet',
      '--expected-failures',
      at('prefix.yml'),
      '--html',
      at('run.html'),
      ...checkArgs(HOSTILE_CHECKS),
      ...HOSTILE,
    ]),
    ...[1, 2].map((i) => cli(['run', '--quiet', '--shard', `${i}/2`, '--json', at(`shard-${i}.json`), ...HOSTILE_RUN])),
    cli([
      'run',
      '--quiet',
      '--revision',
      'all',
      ...checkArgs(REFERENCE_CHECKS),
      ...REFERENCE_SKIP.flatMap((id) => ['--skip', id]),
      '--json',
      at('both.json'),
      ...REFERENCE,
    ]),
  ]);
  const [whole] = runs;
  [, judgedRun, ...shardRuns] = runs;
  referenceRun = shardRuns.pop()!;
  expect(whole.exitCode, whole.stdout + whole.stderr).toBe(1);
  // A failure fails the run and an inconclusive check leaves it inconclusive: a baseline that passes it lists both.
  failing = read('run.json')
    .checks.filter((c) => c.verdict === 'fail' || c.verdict === 'error')
    .map((c) => c.id);
  expect(failing.length).toBeGreaterThan(0);
  expect(read('run.json').checks.find((c) => c.id === HOSTILE_INCONCLUSIVE)?.verdict).toBe('error');
}, RUN_TIMEOUT_MS);

describe('mcp-conform report', () => {
  test('renders HTML and JUnit from a results file and exits as the results do', async () => {
    const result = await cli([
      'report',
      at('run.json'),
      '--html',
      at('out/report.html'),
      '--junit',
      at('out/junit.xml'),
    ]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/checks: \d+ pass, \d+ fail/);
    expect(readFileSync(at('out/report.html'), 'utf8')).toContain('<meta http-equiv="Content-Security-Policy"');
    expect(readFileSync(at('out/junit.xml'), 'utf8').match(/<testcase /g)).toHaveLength(read('run.json').checks.length);
  });

  test('--expected-failures listing every failure exits 0; a stale entry exits 1 and says so', async () => {
    writeFileSync(at('baseline.yml'), failing.map((id) => `- ${id}\n`).join(''));
    const ok = await inProcess([
      'report',
      at('run.json'),
      '--expected-failures',
      at('baseline.yml'),
      '--json',
      at('judged.json'),
    ]);
    expect(ok.exitCode, ok.stdout).toBe(0);
    expect(ok.stdout).toContain(
      `baseline ${at('baseline.yml')}: ${failing.length} expected failures, 0 unexpected, 0 stale`,
    );
    expect(read('judged.json').baseline?.expected.sort()).toEqual([...failing].sort());

    const passing = read('run.json').checks.find((c) => c.verdict === 'pass')!.id;
    writeFileSync(at('stale.yml'), JSON.stringify([...failing, { id: passing, reason: 'fixed?' }]));
    const stale = await inProcess(['report', at('run.json'), '--expected-failures', at('stale.yml')]);
    expect(stale.exitCode).toBe(1);
    expect(stale.stdout).toContain(`stale entry ${passing}: ${passing} now pass; remove it from the baseline`);
    expect(stale.stdout).toContain('outcome: stale-baseline (exit 1)');
  });

  test('run --expected-failures judges the run itself and writes the HTML report', () => {
    expect(judgedRun.exitCode, judgedRun.stdout).toBe(0);
    expect(readFileSync(at('run.html'), 'utf8')).toContain('<section id="baseline">');
  });

  test('--shard runs split the checks and report merge joins them into the whole run', async () => {
    // A shard may hold failures (1), only the inconclusive check (4), or neither (0).
    for (const shard of shardRuns) expect([0, 1, 4]).toContain(shard.exitCode);
    const merged = await cli([
      'report',
      'merge',
      at('shard-1.json'),
      at('shard-2.json'),
      '--json',
      at('merged.json'),
      '--junit',
      at('merged.xml'),
    ]);
    expect(merged.exitCode).toBe(1);
    const ids = (r: RunResults) => r.checks.map((c) => c.id).sort();
    expect(ids(read('merged.json'))).toEqual(ids(read('run.json')));
    expect(read('merged.json').mergedShards).toEqual(['1/2', '2/2']);
    expect(existsSync(at('merged.xml'))).toBe(true);
  });
});

describe('mcp-conform diff', () => {
  test('exits 1 on regressions and 0 on fixes; --json prints the diff', async () => {
    const better = read('run.json');
    better.checks = better.checks.map((c) =>
      failing.includes(c.id) ? { ...c, verdict: 'pass', reason: undefined } : c,
    );
    writeFileSync(at('better.json'), JSON.stringify(better));
    const regressed = await cli(['diff', at('better.json'), at('run.json')]);
    expect(regressed.exitCode).toBe(1);
    expect(regressed.stdout).toContain(`Regressions (${failing.length}):`);
    const fixed = await inProcess(['diff', at('run.json'), at('better.json'), '--json']);
    expect(fixed.exitCode).toBe(0);
    expect(
      JSON.parse(fixed.stdout)
        .fixes.map((e: { key: string }) => e.key)
        .sort(),
    ).toEqual([...failing].sort());
  });
});

describe('bad input: one line on stderr, exit 2', () => {
  beforeAll(() => {
    writeFileSync(at('v9.json'), JSON.stringify({ schemaVersion: 9, checks: [] }));
    writeFileSync(at('bad.yml'), '- id: x\n  resaon: typo\n');
  });

  test.each([
    [
      ['report', '/nonexistent/results.json'],
      /^mcp-conform: cannot read results file \/nonexistent\/results.json: ENOENT/,
    ],
    [['report', 'V9'], /has results schemaVersion 9; this mcp-conform reads 1/],
    [['report', 'RUN', '--expected-failures', 'BAD'], /entry 1: unknown key "resaon"/],
    [['report', 'RUN', 'RUN'], /report takes one results file \(got 2\); to join shards use mcp-conform report merge/],
    [['report'], /report needs a results file/],
    [['report', 'merge'], /report merge needs the results files of every shard/],
    [['report', 'merge', 'RUN', 'RUN'], /check .* is in both/],
    [['diff', 'RUN'], /diff needs two results files, old and new \(got 1\)/],
    [['diff', 'RUN', 'RUN', '--old-revision', '2025-11-25'], /--old-revision and --new-revision go together/],
    [
      ['diff', 'RUN', 'RUN', '--old-revision', '1999-01-01', '--new-revision', '2025-11-25'],
      /unknown revision "1999-01-01"/,
    ],
    [['run', '--demo', '--shard', '3/2'], /--shard 3\/2: i must be between 1 and 2/],
    [['run', '--demo', '--shard', 'half'], /--shard expects i\/n/],
    [['run', '--demo', '--expected-failures', '/nonexistent/baseline.yml'], /cannot read expected-failures file/],
  ])('%j', async (args, message) => {
    const files: Record<string, string> = { RUN: at('run.json'), V9: at('v9.json'), BAD: at('bad.yml') };
    const result = await inProcess(args.map((a) => files[a] ?? a));
    expect(result.exitCode).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  });

  test('the binary says it the same way', async () => {
    const result = await cli(['report', '/nonexistent/results.json']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^mcp-conform: cannot read results file \/nonexistent\/results.json: ENOENT/);
  });
});

describe('help', () => {
  test.each([['report'], ['diff']])('%s --help shows usage and examples', async (command) => {
    const result = await inProcess([command, '--help']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`Usage: mcp-conform ${command}`);
    expect(result.stdout).toContain('Examples:');
    expect(result.stdout).toContain('Exit status:');
  });

  test('the main help and run --help list the new commands and options', async () => {
    expect((await inProcess(['--help'])).stdout).toMatch(/report .*\n.*diff /);
    const run = (await inProcess(['run', '--help'])).stdout;
    for (const option of ['--html <file>', '--expected-failures <file>', '--shard <i/n>'])
      expect(run).toContain(option);
  });
});

describe('report --quiet', () => {
  test('prints the summary counts, not each check nor the compatibility matrix', async () => {
    expect(referenceRun.exitCode, referenceRun.stdout + referenceRun.stderr).toBe(0);
    const full = await inProcess(['report', at('both.json')]);
    expect(full.stdout, 'two revisions ran: without --quiet the matrix is shown').toMatch(
      /^compatibility\s+2026-07-28\s+2025-11-25$/m,
    );
    const quiet = await inProcess(['report', at('both.json'), '--quiet']);
    expect(quiet.exitCode).toBe(0);
    expect(quiet.stdout).not.toMatch(/^compatibility/m);
    expect(quiet.stdout).not.toMatch(/^(PASS|FAIL|WARN|SKIP|ERROR) /m);
    expect(quiet.stdout).toMatch(/^\d+ checks: \d+ pass, 0 fail, \d+ warn, \d+ skip, 0 error in /m);
    expect(quiet.stdout).toMatch(/^outcome: passed \(exit 0\)$/m);
  });
});
