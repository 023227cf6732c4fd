// Time is evidence, never a verdict: a correct server that starts slowly or answers some requests
// late gets the verdicts it gets when it is quick, with its lateness on record.
import { describe, expect, test } from 'vitest';
import type { RunResults } from '../../harness/results/results.js';
import type { TargetSpec } from '../../harness/target.js';
import { withStartupAllowance } from '../../harness/target.js';
import { builtFixture } from '../helpers/fixture-process.js';
import { BOTH, explain, referenceStdio, run } from '../helpers/harness.js';

const SLOW = builtFixture('fixtures/slow/slow-stdio.ts');
const slow = (...args: string[]): TargetSpec => ({ kind: 'stdio', command: process.execPath, args: [SLOW, ...args] });

// Shared and fresh connections, both revisions, a post-phase check that reads every request.
const SELECTION = [
  '2026-07-28/tools',
  '2026-07-28/meta',
  '2026-07-28/wire',
  '2025-11-25/lifecycle',
  '2025-11-25/tools',
  '2025-11-25/wire',
];

const verdicts = (results: RunResults) => Object.fromEntries(results.checks.map((check) => [check.id, check.verdict]));

describe.concurrent('verdicts hold when the server is slow', () => {
  let quiet: Promise<RunResults> | undefined;
  const quietRun = () => (quiet ??= run(referenceStdio(), { revisions: BOTH, select: SELECTION }));

  test('a server that takes seconds to start is neither unreachable nor failed', async () => {
    // Each new process says nothing for 2.5 s, two and a half times the request timeout.
    const results = await run(slow('--start-delay', '2500'), {
      revisions: BOTH,
      select: SELECTION,
      requestTimeoutMs: 1000,
      limits: withStartupAllowance(20_000),
    });
    expect(results.outcome, explain(results)).toBe('passed');
    expect(verdicts(results)).toEqual(verdicts(await quietRun()));
  });

  test('answers that come after the timeout are judged in a confirming run, never failed for lateness', async () => {
    // Every 4th response of each process (three of them) comes 1.6 s late: always past the 1.5 s
    // timeout, and within the confirming run's 3 s unless the machine adds 1.4 s of its own.
    const results = await run(slow('--late-every', '4', '--late-ms', '1600', '--late-count', '3'), {
      revisions: BOTH,
      select: SELECTION,
      requestTimeoutMs: 1500,
      maxRequestTimeoutMs: 1500,
    });
    expect(
      results.checks
        .filter((check) => check.verdict === 'fail' || check.verdict === 'unstable')
        .map((check) => `${check.id}: ${check.reason}`),
    ).toEqual([]);
    // The held-back answers made some first runs inconclusive; their confirming runs decided.
    const confirmed = results.checks.filter((check) => check.attempts?.[0].verdict === 'error');
    expect(confirmed.length).toBeGreaterThan(0);
    expect(verdicts(results)).toEqual(verdicts(await quietRun()));
  });
});
