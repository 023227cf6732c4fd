// A case whose answer comes after the wait is sent once more with twice the wait before it counts
// as undecided: a correct server on a slow machine ends clean, not inconclusive.
import { expect, test } from 'vitest';
import { inconclusiveProperties } from '../../../harness/results/fuzz-results.js';
import { builtFixture } from '../../helpers/fixture-process.js';
import { explainFuzz, fuzz } from './helpers.js';

const SLOW = builtFixture('fixtures/slow/slow-stdio.ts');

test('answers held back past the wait, a few times: confirmed with a longer wait, the property is clean', {
  timeout: 300_000,
}, async () => {
  // Every 6th answer of each server process is 1.7 s late, under a 1.5 s wait: without the
  // confirmation 2 of the 10 cases were undecided (exit 1); with it (a 3 s wait) none is.
  const target = {
    kind: 'stdio' as const,
    command: process.execPath,
    args: [SLOW, '--late-every', '6', '--late-ms', '1700'],
  };
  const results = await fuzz(target, {
    select: ['2026-07-28/ids/same-id'],
    revisions: ['2026-07-28'],
    runs: 10,
    timeoutMs: 1500,
  });
  const properties = results.fuzz!.campaigns!.flatMap((c) => c.properties ?? []);
  expect(properties.map((p) => [p.id, p.cases])).toEqual([['2026-07-28/ids/same-id', 10]]);
  expect(explainFuzz(results)).toBe('');
  expect(inconclusiveProperties(results.fuzz)).toEqual([]);
  expect(results.exitCode).toBe(0);
});
