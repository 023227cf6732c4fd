// A defect is blamed on the check that names it. Over stdio an answer without an id goes to the
// raw send waiting for one, so a stray one the server owes an earlier message (an error to
// notifications/initialized, written only when the next line arrives) must not be taken for the
// answer to text that is not JSON or to a malformed request.
import { describe, expect, test } from 'vitest';
import { explain, referenceStdio, run } from '../helpers/harness.js';

describe('a stray answer without an id', () => {
  test('fails notifications-not-answered only, not the parse error or invalid request checks it would land in', async () => {
    const results = await run(referenceStdio({ mutants: ['legacy-initialized-answered-held'] }), {
      revisions: ['2025-11-25'],
      select: [
        '2025-11-25/errors/parse-error',
        '2025-11-25/errors/invalid-request',
        '2025-11-25/lifecycle/notifications-not-answered',
      ],
    });
    const verdicts = Object.fromEntries(results.checks.map((check) => [check.id, check.verdict]));
    expect(verdicts, explain(results)).toEqual({
      '2025-11-25/errors/parse-error': 'pass',
      '2025-11-25/errors/invalid-request': 'pass',
      '2025-11-25/lifecycle/notifications-not-answered': 'fail',
    });
  });
});
