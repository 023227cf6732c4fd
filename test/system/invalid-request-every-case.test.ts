// The invalid-request checks send every malformed case, each on a connection of its own (issue
// #32): a server silent on the first (id null) and stopping on a later one (a numeric method) is
// named for the stop, with the silence beside it, instead of being left at the first silence.
import { expect, test } from 'vitest';
import { BOTH, explain, referenceStdio, run } from '../helpers/harness.js';

test('a server silent on id null and stopping on a numeric method is named for the stop, in both revisions', async () => {
  const results = await run(referenceStdio({ mutants: ['invalid-request-stops'] }), {
    revisions: BOTH,
    select: ['2026-07-28/errors/invalid-request', '2025-11-25/errors/invalid-request'],
    requestTimeoutMs: 2000,
  });
  expect(results.checks, explain(results)).toHaveLength(2);
  for (const check of results.checks) {
    // A SHOULD: a miss is a warning; the stop leads, every case the server missed follows.
    expect(check.verdict, explain(results)).toBe('warn');
    expect(check.reason).toMatch(
      /^the server stopped on the request with method a number; id null: no response before the timeout; method a number: server exited with code 70 \(silence by choice: a later request was answered\)$/,
    );
  }
});
