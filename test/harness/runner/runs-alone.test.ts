// Exclusive checks want nothing else in flight on their connection: a fresh stdio connection is
// a process of its own and has that already; over HTTP the server is shared.
import { expect, test } from 'vitest';
import { runsAlone } from '../../../harness/runner/pool.js';

test('an exclusive check runs alone unless it has a stdio process of its own', () => {
  expect(runsAlone({ exclusive: true, connection: 'fresh' }, 'stdio')).toBe(false);
  expect(runsAlone({ exclusive: true, connection: 'fresh-uninitialized' }, 'stdio')).toBe(false);
  expect(runsAlone({ exclusive: true, connection: 'shared' }, 'stdio')).toBe(true);
  expect(runsAlone({ exclusive: true }, 'stdio')).toBe(true);
  expect(runsAlone({ exclusive: true, connection: 'fresh' }, 'http')).toBe(true);
  expect(runsAlone({ connection: 'fresh' }, 'http')).toBe(false);
  expect(runsAlone({}, 'stdio')).toBe(false);
});
