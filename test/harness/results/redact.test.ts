// A variable with a harmless name whose value holds a credential is a secret, and every secret is
// found reversed and base64-encoded too.
import { expect, test } from 'vitest';
import { redactResults, secretsFrom } from '../../../harness/results/redact.js';
import type { RunResults } from '../../../harness/results/results.js';

const DATABASE_URL = 'postgres://user:hunter2secret@db/x';
const reasonOf = (results: RunResults) => (results.checks[0] as unknown as { reason: string }).reason;
const withReason = (reason: string) => ({ checks: [{ reason }] }) as unknown as RunResults;

test('DATABASE_URL with a password and a DSN with password= are secrets: the whole value and the credential', () => {
  const secrets = secretsFrom({ DATABASE_URL, DSN: 'host=db password=s3cr3tpass', SERVICE: 'checkout-api' });
  expect(secrets.map((s) => `${s.name} ${s.value}`).sort()).toEqual([
    'DATABASE_URL hunter2secret',
    `DATABASE_URL ${DATABASE_URL}`,
    'DSN host=db password=s3cr3tpass',
    'DSN s3cr3tpass',
  ]);
});

test('an --env value holding a URL password gives the password too, so it is caught alone', () => {
  const secrets = secretsFrom({}, { env: { UPSTREAM: 'https://bot:t0ken-value@api.example' } });
  const results = redactResults(withReason('retrying with t0ken-value'), secrets);
  expect(reasonOf(results)).toBe('retrying with [redacted:UPSTREAM]');
});

test('reversed, base64 and a slice of a base64 blob are redacted, and counted', () => {
  const secrets = secretsFrom({ DATABASE_URL });
  const blob = Buffer.from(`{"HOME":"/root","DATABASE_URL":"${DATABASE_URL}"}`).toString('base64');
  const reversed = [...DATABASE_URL].reverse().join('');
  const results = redactResults(
    withReason(`${reversed} | ${Buffer.from(DATABASE_URL).toString('base64')} | ${blob}`),
    secrets,
  );
  expect(reasonOf(results)).not.toContain(reversed);
  expect(reasonOf(results)).not.toContain(Buffer.from(DATABASE_URL).toString('base64').slice(0, 40));
  expect(
    Buffer.from(
      reasonOf(results)
        .split(' | ')[2]
        .replace(/\[redacted:[^\]]*\]/g, ''),
      'base64',
    ).toString(),
  ).not.toContain('hunter2secret');
  expect(results.redaction).toEqual({ names: ['DATABASE_URL'], occurrences: 3 });
});

test('a credential pair anywhere in text is redacted though no variable held it', () => {
  const results = redactResults(withReason('failed: Server=db;Password=Sup3rS3cret;'), []);
  expect(reasonOf(results)).toBe('failed: Server=db;Password=[redacted:pair password];');
});
