import { expect, test } from 'vitest';
import { matchesPattern } from '../../../harness/results/select.js';

test.each([
  ['2026-07-28/meta/missing-meta', '2026-07-28', true],
  ['2026-07-28/meta/missing-meta', '2026-07-28/meta', true],
  ['2026-07-28/meta/missing-meta', '2026-07-28/met', false],
  ['2026-07-28/meta/missing-meta', '2026-07-28/meta/missing-meta', true],
  ['2026-07-28/meta/missing-meta', '*/meta/*', true],
  ['2025-11-25/stdio/stdout-only-jsonrpc', '*/stdio/*', true],
  ['2025-11-25/wire/schema', '2026-07-28/*', false],
])('%s ~ %s', (id, pattern, expected) => {
  expect(matchesPattern(id, pattern)).toBe(expected);
});
