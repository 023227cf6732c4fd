// A run the pipelined pre-screen failed goes first in its property, alone, and shrinks from there: it is
// not left for the single runs to reach, which slow cases ahead of it may never do within the budget.
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
const TIMEOUT_MS = 1000;

/** A test-only property: 40 to 49 ask for a method the reference server refuses but are held to a result; below them the slow tool answers at once, above them it takes longer than the timeout. */
function flaggedProperty(): FuzzProperty {
  const campaign = defineCampaign(REVISION, 'flagged-test', [
    fuzzProperty<number>({
      slug: 'flagged',
      title: 'test: one decade fails, the rest are slow',
      requirement: 'test only',
      level: 'MUST',
      spec: 'basic',
      transports: ['stdio'],
      arbitrary: () => fc.nat(99),
      plan(n, env) {
        const id = `flagged-${SALT}-${n}`;
        const failing = n >= 40 && n < 50;
        const [method, params, allow]: [string, Record<string, unknown>, Slot['allow']] = failing
          ? ['mcp-conform/deepest', {}, [{ answer: 'result' }]]
          : [
              'tools/call',
              { name: 'slow', arguments: { ms: n < 40 ? 0 : 3 * TIMEOUT_MS } },
              [{ answer: 'result' }, { answer: 'error' }],
            ];
        const { message } = env.dialect.build(method, params, id);
        return {
          steps: [
            { label: method, text: `${JSON.stringify(message)}\n`, slots: [{ what: method, id, method, allow }] },
          ],
        };
      },
    }),
  ]);
  return campaign.properties[0];
}

let target: LiveTarget;
beforeAll(async () => {
  target = new LiveTarget({ target: referenceStdio(), revision: REVISION, timeoutMs: TIMEOUT_MS });
  expect(await target.start()).toBeUndefined();
});
afterAll(() => target.close());

describe('pre-screen flags', () => {
  // Seed 1 draws 90 96 12 50 77 3 2 95 96 64 44 ...: the first failing input is run 10, behind seven slow ones
  // that each cost the 1 s timeout run singly, while the budget leaves the single runs about 4 s.
  it('a run the pre-screen failed is run first and shrunk, though slow runs come before it', {
    timeout: 60_000,
  }, async () => {
    const outcome = await runProperty(flaggedProperty(), target, {
      seed: 1,
      runs: 20,
      deadline: performance.now() + 8000,
      shrinkBudgetMs: 3000,
      execute: { ...DEFAULT_EXECUTE, timeoutMs: TIMEOUT_MS },
      toolCalls: 'safe',
      validator: createWireValidator(REVISION),
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.failure?.failures[0].message).toMatch(/mcp-conform\/deepest/);
    expect(outcome.path).toMatch(/^10(:|$)/);
    // Shrunk from there: toward 0 within the decade that fails.
    expect(outcome.failure?.input).toBe(40);
  });
});
