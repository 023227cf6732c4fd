// The connection oracles proven able to fail: each fuzz-only mutant marked wholeConnection is found,
// with the fixed seed and the default budget, over stdio, by the property it names, and only by
// judging the connection's whole traffic (every failure of the finding is a whole-connection one:
// no single case shows the defect). The same seed reruns it; the good server gives no finding.
import { describe, expect, test } from 'vitest';
import { isRevision } from '../../../harness/model.js';
import type { RunResults } from '../../../harness/results/results.js';
import { FUZZ_MUTANTS } from '../../fixtures/reference-server/mutants/fuzz.js';
import { referenceStdio } from '../../helpers/harness.js';
import { explainFuzz, fuzz, FUZZ_SEED } from './helpers.js';

const findingOf = (results: RunResults, property: string) =>
  [...(results.fuzz?.findings ?? []), ...(results.fuzz?.warnings ?? [])].find((f) => f.id === `fuzz/${property}`);

describe.concurrent('defects only the whole connection shows', () => {
  for (const mutant of FUZZ_MUTANTS.filter((m) => m.wholeConnection)) {
    const property = mutant.foundBy.stdio!;
    const revision = property.split('/')[0];
    test(`${mutant.name} (stdio) is found by ${property} with seed ${FUZZ_SEED}, by the connection oracle alone`, {
      timeout: 240_000,
    }, async () => {
      if (!isRevision(revision)) throw new Error(`bad property id ${property}`);
      const target = referenceStdio({ mutants: [mutant.name] });
      const results = await fuzz(target, { select: [property], revisions: [revision] });
      const finding = findingOf(results, property);
      expect(finding, explainFuzz(results) || 'no finding').toBeDefined();
      expect(finding!.message).toContain(mutant.stdioMessage!);
      expect(finding!.failures!.map((f) => f.message.startsWith('whole connection: '))).not.toContain(false);
      expect(finding!.level).toBe('MUST');
      // No saved case: the property's seed reruns it, and says so.
      expect(finding!.file).toBeUndefined();
      expect(finding!.replayCommand).toContain(`--seed ${FUZZ_SEED}`);
      expect(finding!.replayCommand).not.toContain('--path');
      expect(finding!.dependsOn).toContain('the traffic of one connection');
      expect(finding!.transcript!.length).toBeGreaterThan(0);
      console.log(`${mutant.name} (stdio): ${property}, ${results.durationMs} ms: ${finding!.message.slice(0, 200)}`);

      const again = await fuzz(target, { select: [property], revisions: [revision] });
      expect(findingOf(again, property)?.message, explainFuzz(again)).toContain(mutant.stdioMessage!);
    });

    test(`the good server gives ${property} no connection finding`, { timeout: 240_000 }, async () => {
      if (!isRevision(revision)) throw new Error(`bad property id ${property}`);
      const results = await fuzz(referenceStdio(), { select: [property], revisions: [revision] });
      expect(explainFuzz(results)).toBe('');
      expect(results.exitCode).toBe(0);
    });
  }
});
