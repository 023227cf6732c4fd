// Silence the server chose is a verdict: a stdio server that reads text that is not JSON and
// answers nothing, while it answers the barrier sent after it, fails the parse-error checks
// (before, the wait's timeout left them inconclusive). Rule 3 of harness/runner/verdict-rules.ts.
import { expect, test } from 'vitest';
import { BOTH, explain, referenceStdio, run } from '../helpers/harness.js';

test('a parse error read and left unanswered fails, not inconclusive, in both revisions', async () => {
  const results = await run(referenceStdio({ mutants: ['parse-error-silent'] }), {
    revisions: BOTH,
    select: ['2026-07-28/errors/parse-error', '2025-11-25/errors/parse-error'],
    requestTimeoutMs: 2000,
  });
  const verdicts = Object.fromEntries(results.checks.map((check) => [check.id, check.verdict]));
  expect(verdicts, explain(results)).toEqual({
    '2026-07-28/errors/parse-error': 'fail',
    '2025-11-25/errors/parse-error': 'fail',
  });
});
