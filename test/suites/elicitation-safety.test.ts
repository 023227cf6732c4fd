// The heuristics behind the elicitation checks of both revisions: form fields that ask for a
// secret, and URL-mode links that are plain http or carry credentials. Each is a heuristic, so
// the cases show both what it flags and what it leaves alone.
import { describe, expect, test } from 'vitest';
import type { JsonObject } from '../../harness/model.js';
import { sensitiveFormFields, unsafeUrlProblems } from '../../suites/shared/elicitation-safety.js';

const form = (properties: JsonObject, mode?: string): JsonObject => ({
  ...(mode ? { mode } : {}),
  message: 'm',
  requestedSchema: { type: 'object', properties },
});

describe('form-mode fields that look like secrets', () => {
  test('names, titles and descriptions of passwords, keys, tokens and card data are flagged', () => {
    const fields = form({
      password: { type: 'string' },
      key: { type: 'string', title: 'API key' },
      token: { type: 'string', description: 'Your personal access token' },
      number: { type: 'string', title: 'Card number' },
      cvv: { type: 'string' },
      name: { type: 'string' },
    });
    expect(sensitiveFormFields(fields)).toEqual(['password', 'key', 'token', 'number', 'cvv']);
  });

  test('profile data and ordinary choices are not secrets, and URL mode is not judged here', () => {
    expect(
      sensitiveFormFields(
        form({
          name: { type: 'string' },
          email: { type: 'string', format: 'email' },
          style: { type: 'string', title: 'Style' },
          passenger: { type: 'integer' },
        }),
      ),
    ).toEqual([]);
    expect(sensitiveFormFields(form({ password: { type: 'string' } }, 'url'))).toEqual([]);
    expect(sensitiveFormFields(form({ password: { type: 'string' } }, 'form'))).toEqual(['password']);
  });
});

describe('URL-mode links', () => {
  test.each([
    ['https://example.com/connect?state=abc123'],
    ['http://localhost:8080/callback'],
    ['http://127.0.0.1/authorize'],
    ['http://[::1]:3000/'],
  ])('%s is fine', (url) => {
    expect(unsafeUrlProblems(url)).toEqual([]);
  });

  test('plain http to another host is flagged for its scheme', () => {
    expect(unsafeUrlProblems('http://example.com/connect')).toEqual([
      expect.stringContaining('scheme http on the non-loopback host example.com'),
    ]);
  });

  test('credentials in the URL are flagged, in the query, the fragment or the authority', () => {
    expect(unsafeUrlProblems('https://example.com/x?access_token=abc')).toEqual([
      expect.stringContaining('access_token'),
    ]);
    expect(unsafeUrlProblems('https://example.com/x#session=abc')).toEqual([expect.stringContaining('session')]);
    expect(unsafeUrlProblems('https://user:secret@example.com/x')).toEqual([
      'credentials in the URL (user:password@host)',
    ]);
    expect(unsafeUrlProblems('http://example.com/x?token=abc')).toHaveLength(2);
  });

  test('what is no absolute URL is flagged', () => {
    expect(unsafeUrlProblems('/relative/path')).toEqual(['the url is not an absolute URL']);
    expect(unsafeUrlProblems(42)).toEqual(['the url is not a string']);
  });
});
