// The fuzzer in-process: the reference server as an object of this process gives no finding, no
// warning and no harness error in any campaign, as it does as a child process (reference.test.ts).
import { describe, expect, test } from 'vitest';
import { inProcessTarget } from '../../../harness/target.js';
import { referenceInProcess } from '../../fixtures/reference-server/in-process.js';
import { explainFuzz, fuzz } from './helpers.js';

describe('the reference server in-process under every fuzz campaign', () => {
  test('no finding, every property run', { timeout: 600_000 }, async () => {
    const results = await fuzz(inProcessTarget(referenceInProcess()), { runs: 10 });
    expect(explainFuzz(results)).toBe('');
    expect(results.exitCode).toBe(0);
    expect(results.target.description).toBe('in-process: reference server');
    const properties = results.fuzz!.campaigns!.flatMap((c) => c.properties ?? []);
    expect(properties.filter((p) => p.skipped)).toEqual([]);
    expect(properties.length).toBeGreaterThan(15);
  });
});
