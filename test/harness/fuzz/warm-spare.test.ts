// A crash costs one restart: once a stdio server has had to be replaced, the next connection is
// readied ahead and taken at the next replacement, with the same findings as cold starts.
import { describe, expect, test } from 'vitest';
import { DEFAULT_EXECUTE } from '../../../harness/fuzz/execute.js';
import { LiveTarget } from '../../../harness/fuzz/live-target.js';
import { selectProperties } from '../../../harness/fuzz/run-fuzz.js';
import { runProperty } from '../../../harness/fuzz/run-property.js';
import { MAX_DEAD_SPARES, WarmSpare } from '../../../harness/fuzz/warm-spare.js';
import type { Client } from '../../../harness/lifecycles/client.js';
import { createWireValidator } from '../../../harness/schema/index.js';
import { ALL_CAMPAIGNS } from '../../../suites/campaigns.js';
import { referenceStdio } from '../../helpers/harness.js';

function fakeClient(alive = true) {
  const closed: boolean[] = [];
  const client = { connection: { alive, close: async () => void closed.push(true) } } as unknown as Client;
  return { client, closed };
}

describe('WarmSpare', () => {
  test('gives the spare readied for the same session, alive; closes one for another', async () => {
    const spare = new WarmSpare();
    const made = fakeClient();
    spare.prepare('a', async () => made.client);
    expect(await spare.take('a')).toBe(made.client);
    expect(await spare.take('a')).toBeUndefined();
    const other = fakeClient();
    spare.prepare('a', async () => other.client);
    expect(await spare.take('b')).toBeUndefined();
    expect([other.closed, spare.taken, spare.dead]).toEqual([[true], 1, 0]);
  });

  test('a spare found dead is counted; after a few, none is made any more', async () => {
    const spare = new WarmSpare();
    for (let i = 0; i < MAX_DEAD_SPARES; i++) {
      spare.prepare('a', async () => fakeClient(false).client);
      expect(await spare.take('a')).toBeUndefined();
    }
    let made = 0;
    spare.prepare('a', async () => {
      made++;
      return fakeClient().client;
    });
    expect([spare.enabled, made]).toEqual([false, 0]);
  });
});

describe('warm spares on a crashing server', () => {
  const [property] = selectProperties([...ALL_CAMPAIGNS], ['2026-07-28/ids/same-id']);

  async function crashRun(warmSpares: boolean) {
    const target = new LiveTarget({
      target: referenceStdio({ mutants: ['crash-on-unsafe-id'] }),
      revision: '2026-07-28',
      timeoutMs: 5000,
      warmSpares,
    });
    expect(await target.start()).toBeUndefined();
    try {
      const outcome = await runProperty(property, target, {
        seed: 7,
        runs: 60,
        shrinkBudgetMs: 30_000,
        execute: { ...DEFAULT_EXECUTE, timeoutMs: 2000 },
        toolCalls: 'safe',
        validator: createWireValidator('2026-07-28'),
      });
      return { outcome, taken: target.spare.taken, restarts: target.restarts };
    } finally {
      await target.close();
    }
  }

  test('the same finding, and the replacements after the first take a spare', { timeout: 180_000 }, async () => {
    const cold = await crashRun(false);
    const warm = await crashRun(true);
    expect(cold.outcome.failure).toBeDefined();
    expect(warm.outcome.failure?.input).toEqual(cold.outcome.failure?.input);
    expect(warm.outcome.path).toBe(cold.outcome.path);
    expect(cold.taken).toBe(0);
    // Each crash while shrinking is a restart; every one after the first finds a spare readied.
    expect(warm.restarts).toBeGreaterThan(1);
    expect(warm.taken).toBeGreaterThanOrEqual(warm.restarts - 1);
  });
});
