// A server that holds only so many subscriptions/listen at once (issue #30): each check that
// listens runs alone and cancels what it opened, so a limit of 1 refuses none of them, even when
// the server lets go of a cancelled listen only a while later; a limit of 0 is one cause with one
// verdict, the acknowledgment check's warning (issue #32).
import { afterAll, describe, expect, test } from 'vitest';
import type { TransportKind } from '../../harness/model.js';
import type { HttpFixture } from '../helpers/fixture-process.js';
import { explain, referenceHttp, referenceStdio, run } from '../helpers/harness.js';

const LISTENING_CHECKS = ['2026-07-28/subscriptions', '2026-07-28/progress/only-on-own-stream'];
const ACKNOWLEDGMENT = '2026-07-28/subscriptions/listen-acknowledged';
/** The one check that reads the whole run's traffic and opens no listen of its own. */
const WHOLE_RUN = '2026-07-28/subscriptions/updates-only-subscribed';

describe('a server that caps the listens open at once', () => {
  const fixtures: HttpFixture[] = [];
  afterAll(async () => Promise.all(fixtures.map((f) => f.stop())));

  /** Long enough that the next listen would arrive while a cancelled one still counts. */
  const listenReleaseMs = 250;

  async function target(transport: TransportKind, listenLimit: number) {
    if (transport === 'stdio') return referenceStdio({ listenLimit, listenReleaseMs });
    const started = await referenceHttp({ listenLimit, listenReleaseMs });
    fixtures.push(started.fixture);
    return started.target;
  }

  test.each(['http', 'stdio'] as const)(
    'over %s, a limit of 1 slow to release refuses no check its listen: each passes, or skips for a reason of its own',
    async (transport) => {
      const results = await run(await target(transport, 1), { revisions: ['2026-07-28'], select: LISTENING_CHECKS });
      const refused = results.checks.filter(
        (c) => c.verdict !== 'pass' && !(c.verdict === 'skip' && !c.reason?.startsWith('listen refused')),
      );
      expect(
        refused.map((c) => c.id),
        explain(results),
      ).toEqual([]);
      // Over stdio the second of two concurrent subscriptions is refused: several at once are a MAY.
      const concurrent = results.checks.find((c) => c.id.endsWith('/concurrent-subscriptions-demultiplexed'));
      if (transport === 'stdio')
        expect(concurrent?.reason).toMatch(
          /^the server refused a second concurrent subscription .*: listen refused: -32603/,
        );
      expect(results.checks.filter((c) => c.verdict === 'pass').length).toBeGreaterThanOrEqual(5);
    },
  );

  test.each(['http', 'stdio'] as const)(
    'over %s, a limit of 0 is one warning, and every other listening check skips with the refusal',
    async (transport) => {
      const results = await run(await target(transport, 0), { revisions: ['2026-07-28'], select: LISTENING_CHECKS });
      const acknowledgment = results.checks.find((c) => c.id === ACKNOWLEDGMENT);
      expect(acknowledgment?.verdict, explain(results)).toBe('warn');
      expect(acknowledgment?.reason).toMatch(
        /^listen refused: -32603 "Subscription limit reached": .*unexpected condition/,
      );
      const applicable = results.checks.filter(
        (c) => c.id !== ACKNOWLEDGMENT && c.id !== WHOLE_RUN && !c.reason?.startsWith('applies to'),
      );
      expect(applicable.length).toBeGreaterThanOrEqual(5);
      for (const check of applicable)
        expect(`${check.id}: ${check.verdict} ${check.reason}`).toMatch(
          /: skip (.*: )?listen refused: -32603 "Subscription limit reached"/,
        );
    },
  );
});
