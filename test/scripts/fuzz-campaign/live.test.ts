// The injector and the fuzzer together, as the campaign runs them: the SDK 2.x server behind a
// crash on a lone surrogate in a tool argument is found by valid-arguments. A fixed seed and a
// count of runs (no time budget) make the cases the same on any machine: seed 5 draws a lone
// surrogate in its third seeded run, before the guided quarter of the 12 runs starts.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { expect, test } from 'vitest';
import { CLI_BUNDLE, builtFixture } from '../../helpers/fixture-process.js';

const INJECTOR = builtFixture('fixtures/defect-injector/injector.ts');

test('a lone surrogate in a tool argument that crashes the server is found, and the crash names the injected error', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fuzz-campaign-live-'));
  const json = path.join(dir, 'results.json');
  const result = await execa(
    process.execPath,
    [
      CLI_BUNDLE,
      'fuzz',
      '--stdio',
      `${process.execPath} ${INJECTOR} --defects surrogate-crash`,
      '--campaign',
      '2026-07-28/schema/valid-arguments',
      '--revision',
      '2026-07-28',
      '--seed',
      '5',
      '--runs',
      '12',
      '--shrink-budget',
      '10',
      // A busy machine answers late; a late answer is never a finding, but a generous wait keeps the count of cases alike.
      '--timeout',
      '10000',
      '--tool-calls',
      'all',
      '--quiet',
      '--findings-dir',
      path.join(dir, 'cases'),
      '--json',
      json,
    ],
    { reject: false },
  );
  expect(result.exitCode, result.stderr + result.stdout).toBe(1);
  const { fuzz } = JSON.parse(readFileSync(json, 'utf8'));
  const findings = [...fuzz.findings, ...(fuzz.warnings ?? [])];
  expect(findings.map((f: { id: string }) => f.id)).toEqual(['fuzz/2026-07-28/schema/valid-arguments']);
  expect(findings[0].message).toMatch(/the server died during the case.*injected: lone surrogate/s);
}, 60_000);
