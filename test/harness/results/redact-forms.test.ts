// A secret a server echoes reversed, percent-encoded or base64-encoded (alone, or anywhere inside a
// larger base64 blob, whatever its byte offset) is still found.
import { expect, test } from 'vitest';
import { derivedForms } from '../../../harness/results/redact-forms.js';

const SECRET = 'postgres://user:hunter2secret@db/x';

test('reversed, percent-encoded, base64 and base64url, never the value itself, each once', () => {
  const forms = derivedForms(SECRET);
  expect(forms).toContain('x/bd@terces2retnuh:resu//:sergtsop');
  expect(forms).toContain(encodeURIComponent(SECRET));
  expect(forms).toContain(Buffer.from(SECRET).toString('base64'));
  expect(forms).not.toContain(SECRET);
  expect(new Set(forms).size).toBe(forms.length);
});

test('inside a larger base64 or base64url blob, at every offset, one form is found', () => {
  const forms = derivedForms('k?>~hunter2secret~<?k');
  for (const alphabet of ['base64', 'base64url'] as const)
    for (const before of ['', 'a', 'ab', 'abc', '{"DATABASE_URL":"'])
      for (const after of ['', 'z', '"}tail']) {
        const blob = Buffer.from(`${before}k?>~hunter2secret~<?k${after}`).toString(alphabet);
        expect(
          forms.some((form) => blob.includes(form)),
          `${alphabet} ${before.length}+${after.length}`,
        ).toBe(true);
      }
});

test('the aligned runs are long enough to carry most of the value, not a stray letter or two', () => {
  const runs = derivedForms('abcdef').filter((form) => /^[A-Za-z0-9+/_-]+$/.test(form));
  for (const run of runs) expect(run.length).toBeGreaterThanOrEqual(6);
});
