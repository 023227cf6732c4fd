import { describe, expect, it } from 'vitest';
import { DEFAULT_EXECUTE } from '../../../harness/fuzz/execute.js';
import { LiveTarget } from '../../../harness/fuzz/live-target.js';
import { defineCampaign } from '../../../harness/fuzz/property.js';
import { runProperty, type PropertyOutcome } from '../../../harness/fuzz/run-property.js';
import { ANY_ANSWER, oneRequestProperty } from './one-request.js';
import { SALT } from '../../../harness/fuzz/salt.js';
import { createWireValidator } from '../../../harness/schema/index.js';
import type { TargetSpec } from '../../../harness/target.js';
import type { KnownFuzz } from '../../../harness/results/fuzz-known.js';
import { builtFixture } from '../../helpers/fixture-process.js';
import { fuzz } from './helpers.js';

const REVISION = '2026-07-28';
const SDK: TargetSpec = {
  kind: 'stdio',
  command: process.execPath,
  args: [builtFixture('fixtures/sdk-servers/v2-stdio.ts')],
};
const campaign = defineCampaign(REVISION, 'silence-test', [
  oneRequestProperty('fractional-id', (n) => ({
    method: 'tools/list',
    id: n + 0.5,
    what: `tools/list with id ${n + 0.5} (fractional)`,
    allow: ANY_ANSWER,
  })),
  oneRequestProperty('listed', (n) => ({ method: 'tools/list', id: `listed-${SALT}-${n}`, allow: ANY_ANSWER })),
]);

// The SDK drops a fractional id unanswered while it answers the probe after it, which the whole-connection
// oracle finds. KNOWN lists the case's silence (as test/sdk-servers/fuzz-known.yaml does); ORACLE_ONLY only
// the connection finding, so the case's silence is the machinery's to learn.
const KNOWN: KnownFuzz = {
  file: 'silence.test.ts',
  entries: [{ property: '*', match: '(fractional): no response before the timeout', why: 'the SDK drops it' }],
};
const ORACLE_ONLY: KnownFuzz = {
  file: 'silence.test.ts',
  entries: [{ property: '*', match: 'got no answer on its connection', why: 'the SDK drops it' }],
};

async function silentRuns(
  quickSilence: boolean,
  known: KnownFuzz,
): Promise<{ outcome: PropertyOutcome; opened: number }> {
  const target = new LiveTarget({ target: SDK, revision: REVISION, timeoutMs: 5000 });
  expect(await target.start()).toBeUndefined();
  try {
    const outcome = await runProperty(campaign.properties[0], target, {
      seed: 4,
      runs: 10,
      shrinkBudgetMs: 1000,
      execute: { ...DEFAULT_EXECUTE, timeoutMs: 500, pipeline: false },
      toolCalls: 'safe',
      validator: createWireValidator(REVISION),
      quickSilence,
      known,
    });
    return { outcome, opened: target.opened };
  } finally {
    await target.close();
  }
}

describe('silence', () => {
  it('a class the server is confirmed silent to sends its probe at once, with the same verdicts', {
    timeout: 120_000,
  }, async () => {
    const slow = (await silentRuns(false, ORACLE_ONLY)).outcome;
    const quick = (await silentRuns(true, ORACLE_ONLY)).outcome;
    const verdicts = (o: PropertyOutcome) => [o.cases, o.undecided, o.known, o.failure, o.classes];
    expect(verdicts(quick)).toEqual(verdicts(slow));
    expect(quick.undecided).toBe(10);
    // The first case waits in full and is confirmed on a fresh process; the nine after it are of the learnt class.
    expect([slow.quickSilences, quick.quickSilences]).toEqual([undefined, 9]);
  });

  it('a silence the known-findings file lists is neither waited out nor confirmed, and keeps its connection', {
    timeout: 120_000,
  }, async () => {
    const slow = await silentRuns(false, KNOWN);
    const quick = await silentRuns(true, KNOWN);
    expect([quick.outcome.known, quick.outcome.quickSilences]).toEqual([10, 10]);
    // A silent case with its probe answered leaves nothing running: its late answer would be owed, not a
    // restart. Only a case that sends an owed id again (fast-check repeats small numbers) starts afresh.
    expect(quick.opened).toBeLessThan(6);
    // Waited out, the first is confirmed on a fresh process; every later one then keeps its connection too.
    expect([slow.outcome.known, slow.outcome.quickSilences, slow.opened]).toEqual([10, undefined, quick.opened + 1]);
  });

  it('under a budget a property the server is silent to gives way, and takes the time the others leave', {
    timeout: 120_000,
  }, async () => {
    const order: string[] = [];
    const done: PropertyOutcome[] = [];
    await fuzz(SDK, {
      campaigns: [campaign],
      revisions: [REVISION],
      seed: 4,
      runs: 20,
      timeoutMs: 500,
      timeBudgetMs: 20_000,
      known: ORACLE_ONLY,
      progress: {
        onRevision: (_revision, _count, pass) => order.push(`pass ${pass}`),
        onPropertyDone: (outcome) => done.push(outcome),
      },
    });
    const first = done[0];
    expect(first.property.slug).toBe('fractional-id');
    // It stopped at the confirmed silence, long before its runs or its share were used up.
    expect([first.interrupted, first.cases]).toEqual([true, 1]);
    expect(done[1].property.slug).toBe('listed');
    expect(order).toEqual(['pass 0', 'pass 1']);
    expect(done[2].property.slug).toBe('fractional-id');
    expect(done[2].cases).toBeGreaterThan(1);
    // What the first pass learnt carries over: no case of the second waits out its silence again.
    expect(done[2].quickSilences).toBe(done[2].cases);
  });
});
