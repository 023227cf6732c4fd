// A server that cannot accept a notification POST MUST answer with an HTTP error status, and its
// body MAY be a JSON-RPC error without an id: a refusal, never a reply. Every check that sends a
// notification over HTTP reads it so (suites/shared/unanswered.ts); only what the refusal costs
// (a cancellation not acted on) is a finding.
import { afterAll, describe, expect, test } from 'vitest';
import { BOTH, explain, referenceHttp, run } from '../helpers/harness.js';
import type { HttpFixture } from '../helpers/fixture-process.js';

describe('notification POSTs refused with 400 and a JSON-RPC error without an id', () => {
  const fixtures: HttpFixture[] = [];
  afterAll(async () => Promise.all(fixtures.map((f) => f.stop())));

  test('pass every check whose requirement tolerates a refusal; the cancelled call still answered is the one finding', async () => {
    const { target, fixture } = await referenceHttp({ mutants: ['notification-refused-400'] });
    fixtures.push(fixture);
    const results = await run(target, {
      revisions: BOTH,
      select: [
        '2025-11-25/lifecycle/notifications-not-answered',
        '2025-11-25/utilities/cancel-invalid-ignored',
        '2025-11-25/utilities/cancel-in-flight',
        '2026-07-28/cancellation/unknown-cancel-ignored',
        '2026-07-28/http/notification-accepted',
      ],
    });
    const verdicts = Object.fromEntries(results.checks.map((check) => [check.id, check.verdict]));
    expect(verdicts, explain(results)).toEqual({
      '2025-11-25/lifecycle/notifications-not-answered': 'pass',
      '2025-11-25/utilities/cancel-invalid-ignored': 'pass',
      '2025-11-25/utilities/cancel-in-flight': 'warn',
      '2026-07-28/cancellation/unknown-cancel-ignored': 'pass',
      '2026-07-28/http/notification-accepted': 'pass',
    });
  });
});
