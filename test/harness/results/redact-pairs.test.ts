// `password=`, `pwd=`, `token=`, `api_key=`, `key=` pairs are credentials wherever they are written
// (a DSN, a connection string, a log line): their values of 6 characters or more are redacted.
import { expect, test } from 'vitest';
import { pairValues, redactPairs } from '../../../harness/results/redact-pairs.js';

const redacted = (text: string) => {
  const names: string[] = [];
  return { text: redactPairs(text, (name) => names.push(name)), names };
};

test('a DSN and a connection string lose their credentials, nothing else', () => {
  expect(redacted('host=db user=app password=s3cr3tpass sslmode=require')).toEqual({
    text: 'host=db user=app password=[redacted:pair password] sslmode=require',
    names: ['pair password'],
  });
  expect(redacted('Server=db;Pwd=hunter22;Database=x').text).toBe('Server=db;Pwd=[redacted:pair pwd];Database=x');
  expect(redacted('token="abcdef123" api_key=k-123456 access_key=AKIA12345').text).toBe(
    'token="[redacted:pair token]" api_key=[redacted:pair api_key] access_key=[redacted:pair key]',
  );
});

test('short values, other names and names merely ending in "key" are left alone', () => {
  for (const text of ['password=abc', 'monkey=bananas123', 'user=someone-long', 'no pairs here'])
    expect(redacted(text)).toEqual({ text, names: [] });
});

test('a value already redacted is not redacted again, and pairValues lists the values', () => {
  expect(redacted('password=[redacted:DB_PASSWORD]').names).toEqual([]);
  expect(pairValues('a password=s3cr3tpass&key=k-123456 pwd=x')).toEqual(['s3cr3tpass', 'k-123456']);
});
