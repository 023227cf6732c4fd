// Big but valid answers, and answers that would amplify in print: a 12 MB tools/list of 50,000
// tools, a 2 MB answer nested 200 deep, a 1 MB tool description. The run ends by itself, says
// what its limits left out, keeps memory and every report bounded.
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { builtFixture } from '../helpers/fixture-process.js';
import { expectEveryReport, expectNothingLeft, runHostile, type HostileRun } from '../helpers/hostile-run.js';

const HOSTILE_STDIO = builtFixture('fixtures/hostile/stdio-server.ts');
const BIG_CHECKS = [
  '--revision',
  '2026-07-28',
  '--check',
  '2026-07-28/lifecycle/discover-result',
  '--check',
  '2026-07-28/tools/list-result',
  '--check',
  '2026-07-28/tools/schemas-valid',
  '--check',
  '2026-07-28/stdio/stdout-only-jsonrpc',
];
const TOOLS = [
  '--revision',
  '2026-07-28',
  '--check',
  '2026-07-28/lifecycle/discover-result',
  '--check',
  '2026-07-28/tools',
];
/** Each run takes 5 to 10 s alone; up to 40 s beside busy loops on a loaded machine; 90 s catches a hang or a quadratic walk. */
const BOUND_SECONDS = 90;
/** Every report stays under this, whatever the server sent (they were 80 to 200 MB). */
const REPORT_BOUND_BYTES = 4 * 1024 * 1024;

const verdictOf = (
  json: { checks: Array<{ id: string; verdict: string; reason?: string; notes?: string[] }> },
  id: string,
) => json.checks.find((check) => check.id === id);
const stdio = (token: string, ...flags: string[]) => ['--', process.execPath, HOSTILE_STDIO, ...flags, token];

/** Ended by itself in time, every report readable and bounded, memory within `rssMb`, nothing left. */
async function expectBounded(run: HostileRun, token: string, rssMb: number) {
  expect(run.seconds).toBeLessThan(BOUND_SECONDS);
  expect(run.peakRssMb, `peak RSS ${run.peakRssMb.toFixed(0)} MB`).toBeLessThan(rssMb);
  const reports = expectEveryReport(run);
  for (const size of reports.sizes) expect(size).toBeLessThan(REPORT_BOUND_BYTES);
  await expectNothingLeft(token);
  return reports.json;
}

describe('big but valid answers', () => {
  test('a 12 MB tools/list line over the 8 MB cap: "answer larger than the line cap", inconclusive, never pollution or a missing answer', async () => {
    const token = randomUUID();
    const run = await runHostile(['--timeout', '3000', ...BIG_CHECKS, ...stdio(token, '--many-tools', '50000')]);
    expect(run.exitCode, run.stderr).toBe(4); // inconclusive, nothing failed
    const json = await expectBounded(run, token, 350);
    expect(verdictOf(json, '2026-07-28/stdio/stdout-only-jsonrpc')?.verdict).toBe('pass');
    expect(verdictOf(json, '2026-07-28/lifecycle/discover-result')?.verdict).toBe('pass');
    const list = verdictOf(json, '2026-07-28/tools/list-result');
    expect(list?.verdict).toBe('error');
    expect(list?.reason).toMatch(
      /^inconclusive: answer larger than the line cap: a line of \d+ bytes, the cap is 8388608 bytes \(--max-line-mb\)/,
    );
    expect(verdictOf(json, '2026-07-28/tools/schemas-valid')?.reason).toMatch(
      /^inconclusive: tools\/list got no answer in discovery/,
    );
  });

  test('the same with --max-line-mb 16: read and judged, 500 of the 50,000 schemas compiled and the rest said', async () => {
    const token = randomUUID();
    const run = await runHostile([
      '--timeout',
      '3000',
      '--max-line-mb',
      '16',
      ...BIG_CHECKS,
      ...stdio(token, '--many-tools', '50000'),
    ]);
    expect(run.exitCode, run.stderr).toBe(0);
    const json = await expectBounded(run, token, 500);
    expect(json.checks.map((check) => check.verdict)).toEqual(['pass', 'pass', 'pass', 'pass']);
    expect(verdictOf(json, '2026-07-28/tools/schemas-valid')?.notes).toContain(
      '50000 listed: the schemas of the first 500 were compiled (the cap per check), the other 49500 not judged',
    );
  });
});

describe('answers that would amplify in print', () => {
  test('a million numbers 200 deep (2 MB, 200 MB pretty-printed): the evidence is cut to its budget', async () => {
    const token = randomUUID();
    const run = await runHostile(['--timeout', '3000', ...TOOLS, ...stdio(token, '--deep-answer')]);
    expect(run.exitCode, run.stderr).toBe(0);
    const json = await expectBounded(run, token, 350);
    expect(JSON.stringify(json)).toContain('message cut to 64 KB of evidence');
    // Checks in flight each held an 8 MB copy of the answer: they now start as the answer bytes allow.
    expect(JSON.stringify(json.revisions)).toContain('checks started late');
  });

  test('a 1 MB tool description: printed once as head, length and tail', async () => {
    const token = randomUUID();
    const run = await runHostile(['--timeout', '3000', ...TOOLS, ...stdio(token, '--long-description', '1')]);
    expect(run.exitCode, run.stderr).toBe(0);
    const json = await expectBounded(run, token, 250);
    expect(JSON.stringify(json)).toMatch(/characters not kept/);
  });
});
