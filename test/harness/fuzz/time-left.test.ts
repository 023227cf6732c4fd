import { describe, expect, it } from 'vitest';
import { defineCampaign } from '../../../harness/fuzz/property.js';
import type { PropertyOutcome } from '../../../harness/fuzz/run-property.js';
import { ANY_ANSWER, oneRequestProperty } from './one-request.js';
import { SALT } from '../../../harness/fuzz/salt.js';
import { passSeed } from '../../../harness/fuzz/time-left.js';
import { referenceStdio } from '../../helpers/harness.js';
import { fuzz } from './helpers.js';

const REVISION = '2026-07-28';

/** Two test-only properties: `slow` calls the slow tool (300 ms, alone) more times than its share allows; `quick` lists tools a few times. */
const campaign = defineCampaign(REVISION, 'time-left-test', [
  // Patient: kept out of the pipelined pre-screen, so each case costs its 300 ms.
  oneRequestProperty('slow', (n) => ({
    method: 'tools/call',
    params: { name: 'slow', arguments: { ms: 300 } },
    id: `slow-${SALT}-${n}`,
    allow: ANY_ANSWER,
    patient: true,
  })),
  oneRequestProperty('quick', (n) => ({
    method: 'tools/list',
    id: `quick-${SALT}-${n}`,
    allow: [{ answer: 'result' }],
  })),
]);

describe('time left', () => {
  it('goes to the property cut short, on another seed, and its outcome counts both passes', {
    timeout: 120_000,
  }, async () => {
    const passes: Array<{ pass: number; seed: number; count: number }> = [];
    const done: PropertyOutcome[] = [];
    const results = await fuzz(referenceStdio(), {
      campaigns: [campaign],
      revisions: [REVISION],
      seed: 5,
      runs: 200,
      timeBudgetMs: 8000,
      progress: {
        onRevision: (_revision, count, pass, seed) => passes.push({ pass, seed, count }),
        onPropertyDone: (outcome) => done.push(outcome),
      },
    });
    // 200 calls of 300 ms cannot fit in half of 8 s; 200 lists fit in far less than the other half.
    expect(passes.slice(0, 2)).toEqual([
      { pass: 0, seed: 5, count: 2 },
      { pass: 1, seed: passSeed(5, 1), count: 1 },
    ]);
    const slow = done.filter((o) => o.property.slug === 'slow');
    expect(slow.length).toBeGreaterThanOrEqual(2);
    const summary = results.fuzz?.campaigns?.[0].properties?.find((p) => p.id.endsWith('/slow'));
    expect(summary?.cases).toBe(slow.reduce((n, o) => n + o.cases, 0));
    expect(results.fuzz?.notes?.join('\n')).toMatch(
      /time left after every property's share went to the properties cut short: \d+\.\d s to 1 \(seed/,
    );
  });
});
