// Servers that send the client big or deep requests before every answer: memory is bounded by
// bytes, not by count (the excess counted and noted in the run), and no report grows past a small
// bound whatever the server sent. Before the bounds: 1.5 to 2.4 GB for --big-requests 4, a 17 MB
// results file for --deep-requests 3000 over these checks (86 MB over the whole revision).
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { builtFixture } from '../helpers/fixture-process.js';
import { SHORT_WAITS, expectNothingLeft, expectReportsUnder, runHostile } from '../helpers/hostile-run.js';

const HOSTILE_STDIO = builtFixture('fixtures/hostile/stdio-server.ts');
/** Peak RSS of the harness alone (VmHWM): about 245 MB measured. */
const RSS_BOUND_MB = 300;
/** Every report stays under this: the deep run's are 1.1 MB JSON, 0.4 MB JUnit, 0.7 MB HTML. */
const REPORT_BOUND_BYTES = 4 * 1024 * 1024;

/** The hostile server with `flags`, run over the checks `select` of `revision` with short waits. */
async function runOver(revision: string, select: string[], flags: string[], waits = SHORT_WAITS) {
  const token = randomUUID();
  const checks = select.flatMap((id) => ['--check', `${revision}/${id}`]);
  const run = await runHostile([
    ...waits,
    '--revision',
    revision,
    ...checks,
    '--',
    process.execPath,
    HOSTILE_STDIO,
    ...flags,
    token,
  ]);
  return { run, token };
}

const revisionNotes = (json: Record<string, unknown>) =>
  (json.revisions as Array<{ notes?: string[] }>).flatMap((run) => run.notes ?? []);

describe('server requests measured in bytes', () => {
  test('three 4 MB server requests before every answer: memory bounded, each kept as its facts, the run says so', async () => {
    // 12 MB read before each answer takes more than 500 ms on a busy machine: waits that never decide here.
    const { run, token } = await runOver(
      '2026-07-28',
      ['lifecycle/discover-result', 'tools'],
      ['--big-requests', '4'],
      ['--timeout', '5000', '--max-timeout', '10000'],
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.peakRssMb, `peak RSS ${run.peakRssMb.toFixed(0)} MB`).toBeLessThan(RSS_BOUND_MB);
    const json = expectReportsUnder(run, REPORT_BOUND_BYTES);
    expect(revisionNotes(json).join('\n')).toMatch(
      /memory budget: \d+ server requests and notifications over 64 KB kept as their facts/,
    );
    await expectNothingLeft(token);
  });

  test('a schema nested 3,000 deep in a server request before every answer: every report stays small', async () => {
    const { run, token } = await runOver('2025-11-25', ['lifecycle', 'capabilities'], ['--deep-requests', '3000']);
    expect([0, 1, 4], run.stderr).toContain(run.exitCode); // the requests break the schema: judged, never a harness error
    const json = expectReportsUnder(run, REPORT_BOUND_BYTES);
    expect(JSON.stringify(json)).toContain('nested deeper than 64 levels: not kept in the evidence');
    await expectNothingLeft(token);
  });
});
