// A run the time budget cuts off still counts: fast-check abandons the async run in flight when its
// time limit passes and, finding no failure of its own, would report the property as merely interrupted.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Slot } from '../../../harness/fuzz/case.js';
import { DEFAULT_EXECUTE } from '../../../harness/fuzz/execute.js';
import { LiveTarget } from '../../../harness/fuzz/live-target.js';
import { defineCampaign, fuzzProperty, type FuzzProperty } from '../../../harness/fuzz/property.js';
import { runProperty } from '../../../harness/fuzz/run-property.js';
import { SALT } from '../../../harness/fuzz/salt.js';
import { createWireValidator } from '../../../harness/schema/index.js';
import { referenceStdio } from '../../helpers/harness.js';

const REVISION = '2026-07-28';

/** A test-only property: each run calls the reference server's slow tool; the first `quick` runs wait 0 ms and may have any answer, the later ones 3 s and only an error, which a result breaks. */
function slowCallProperty(quick: number): FuzzProperty {
  let planned = 0;
  const campaign = defineCampaign(REVISION, 'deadline-test', [
    fuzzProperty<number>({
      slug: 'slow-call',
      title: 'test: a slow call must be refused',
      requirement: 'test only',
      level: 'MUST',
      spec: 'basic',
      transports: ['stdio'],
      arbitrary: () => fc.nat(1000),
      plan(n, env) {
        const id = `slow-${SALT}-${n}`;
        const slow = planned++ >= quick;
        const { message } = env.dialect.build('tools/call', { name: 'slow', arguments: { ms: slow ? 3000 : 0 } }, id);
        const allow: Slot['allow'] = slow ? [{ answer: 'error' }] : [{ answer: 'result' }, { answer: 'error' }];
        return {
          steps: [
            {
              label: 'tools/call slow',
              text: `${JSON.stringify(message)}\n`,
              slots: [{ what: 'slow', id, method: 'tools/call', allow }],
            },
          ],
        };
      },
    }),
  ]);
  return campaign.properties[0];
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
});
