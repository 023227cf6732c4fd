// The cut-off object parse-error sends stays on a connection of its own: go-sdk v1.8.0 decodes
// stdio as a JSON stream, waits for the rest of the object and glues the next message to it,
// which on a shared connection broke notification-not-answered and wire/requests-answered.
import { describe, expect, test } from 'vitest';
import errors from '../../suites/2026-07-28/errors.js';

describe('2026-07-28/errors/parse-error', () => {
  test('runs on a fresh connection, alone', () => {
    const check = errors.find((c) => c.id === '2026-07-28/errors/parse-error')!;
    expect(check).toMatchObject({ connection: 'fresh', exclusive: true });
  });
});
