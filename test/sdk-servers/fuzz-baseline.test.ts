// The fuzz baseline on the official-SDK servers over HTTP: every campaign, with the known-findings
// file, reports no finding and no inconclusive property. Over HTTP each case is settled by its
// POST, so this is quick; stdio, where the SDKs drop malformed messages silently and every such
// case waits out the timeout, is covered by `npm run fuzz-baseline` (all four targets, 3 seeds).
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { inconclusiveProperties } from '../../harness/results/fuzz-results.js';
import { loadKnownFuzz } from '../../harness/results/fuzz-known.js';
import { builtFixture, PROJECT_ROOT, startHttpFixture, type HttpFixture } from '../helpers/fixture-process.js';
import { explainFuzz, fuzz, FUZZ_SEED } from '../harness/fuzz/helpers.js';

const KNOWN = loadKnownFuzz(path.join(PROJECT_ROOT, 'test/sdk-servers/fuzz-known.yaml'));
const fixtures: HttpFixture[] = [];
afterAll(async () => Promise.all(fixtures.map((fixture) => fixture.stop())));

describe.concurrent('fuzz baseline of the SDK servers over HTTP', () => {
  for (const name of ['v2-http', 'v1-http']) {
    test(`${name}: every campaign, no unexplained finding`, { timeout: 180_000 }, async () => {
      const fixture = await startHttpFixture(process.execPath, [builtFixture(`fixtures/sdk-servers/${name}.ts`)]);
      fixtures.push(fixture);
      // A generous answer wait: on a loaded machine a slow answer must not read as silence.
      const results = await fuzz(
        { kind: 'http', url: fixture.url, headers: {} },
        {
          seed: FUZZ_SEED,
          runs: 12,
          known: KNOWN,
          timeoutMs: 10_000,
          revisions: name === 'v1-http' ? ['2025-11-25'] : undefined,
        },
      );
      const findings = [...(results.fuzz?.findings ?? []), ...(results.fuzz?.warnings ?? [])];
      expect(
        findings.map((f) => `${f.id}: ${f.message}`),
        explainFuzz(results),
      ).toEqual([]);
      expect(inconclusiveProperties(results.fuzz).map((p) => `${p.id}: ${p.undecidedExample}`)).toEqual([]);
      expect(results.fuzz?.errors ?? []).toEqual([]);
    });
  }
});
