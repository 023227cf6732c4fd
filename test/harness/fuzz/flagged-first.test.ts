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
const TIMEOUT_MS = 1000;

/** A test-only property: 40 to 49 ask for a method the reference server refuses but are held to a result; below them the slow tool answers at once, above them it takes longer than the timeout. */
function flaggedProperty(): FuzzProperty {
  const definition = oneRequestProperty(
    'flagged',
    (n) =>
      n >= 40 && n < 50
        ? { method: 'mcp-conform/deepest', id: `flagged-${SALT}-${n}`, allow: [{ answer: 'result' }] }
        : {
            method: 'tools/call',
            params: { name: 'slow', arguments: { ms: n < 40 ? 0 : 3 * TIMEOUT_MS } },
            id: `flagged-${SALT}-${n}`,
            allow: ANY_ANSWER,
          },
    99,
  );
  return defineCampaign(REVISION, 'flagged-test', [definition]).properties[0];
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
