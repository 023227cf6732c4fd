import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EXECUTE } from '../../../harness/fuzz/execute.js';
import { LiveTarget } from '../../../harness/fuzz/live-target.js';
import { defineCampaign, type FuzzProperty } from '../../../harness/fuzz/property.js';
import { runProperty } from '../../../harness/fuzz/run-property.js';
import { ANY_ANSWER, oneRequestProperty } from './one-request.js';
import { SALT } from '../../../harness/fuzz/salt.js';
import { createWireValidator } from '../../../harness/schema/index.js';
import { referenceStdio } from '../../helpers/harness.js';

const REVISION = '2026-07-28';

/** A test-only property: each run calls the reference server's slow tool; the first `quick` runs wait 0 ms and may have any answer, the later ones 3 s and only an error, which a result breaks. */
function slowCallProperty(quick: number): FuzzProperty {
  let planned = 0;
  const definition = oneRequestProperty(
    'slow-call',
    (n) => {
      const slow = planned++ >= quick;
      return {
        method: 'tools/call',
        params: { name: 'slow', arguments: { ms: slow ? 3000 : 0 } },
        id: `slow-${SALT}-${n}`,
        what: 'slow',
        allow: slow ? [{ answer: 'error' }] : ANY_ANSWER,
      };
    },
    1000,
  );
  return defineCampaign(REVISION, 'deadline-test', [definition]).properties[0];
}

let target: LiveTarget;
beforeAll(async () => {
  target = new LiveTarget({ target: referenceStdio(), revision: REVISION, timeoutMs: 10_000 });
  expect(await target.start()).toBeUndefined();
});
afterAll(() => target.close());

describe('time budget', () => {
  // fast-check calls an interrupt before any run passed a failure, with no counterexample; after one, a pass.
  it.for([
    { quick: 0, path: '0' },
    { quick: 1, path: '1' },
  ])(
    'a failure in the run the budget abandoned is reported, with the path of that run ($quick passed before it)',
    {
      timeout: 60_000,
    },
    async ({ quick, path }) => {
      // The slow call takes 3 s; the budget ends 1 s after the start, while its answer is still owed.
      const outcome = await runProperty(slowCallProperty(quick), target, {
        seed: 3,
        runs: 5,
        deadline: performance.now() + 1000,
        shrinkBudgetMs: 1000,
        execute: { ...DEFAULT_EXECUTE, timeoutMs: 10_000, pipeline: false },
        toolCalls: 'safe',
        validator: createWireValidator(REVISION),
      });
      expect(outcome.error).toBeUndefined();
      expect(outcome.failure?.failures[0].message).toMatch(/slow/);
      expect([outcome.path, outcome.cases, outcome.interrupted]).toEqual([path, quick + 1, false]);
    },
  );

  it.for([10, 3])(
    'a property past its share still runs its minimum of %i cases, then stops with its runs unmade',
    { timeout: 60_000 },
    async (minCases) => {
      const listed = oneRequestProperty('listed', (n) => ({
        method: 'tools/list',
        id: `l-${SALT}-${n}`,
        allow: ANY_ANSWER,
      }));
      const property = defineCampaign(REVISION, 'share-test', [listed]).properties[0];
      const outcome = await runProperty(property, target, {
        seed: 5,
        runs: 40,
        deadline: performance.now() + 50_000,
        share: { until: performance.now(), minCases },
        shrinkBudgetMs: 1000,
        execute: { ...DEFAULT_EXECUTE, timeoutMs: 10_000, pipeline: false },
        toolCalls: 'safe',
        validator: createWireValidator(REVISION),
      });
      expect([outcome.cases, outcome.interrupted, outcome.failure]).toEqual([minCases, true, undefined]);
    },
  );
});
