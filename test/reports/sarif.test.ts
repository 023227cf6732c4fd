// SARIF 2.1.0 for code scanning, validated against the SARIF 2.1.0 schema as an npm package ships
// it (@microsoft/jest-sarif, pinned), and located at a file of the repository.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ajvDraft04 from 'ajv-draft-04';
import formatsModule from 'ajv-formats';
import { beforeAll, describe, expect, test } from 'vitest';
import { entryPointCandidates, renderSarif, sarifLocation } from '../../reports/sarif.js';
import { FINDING_FINGERPRINT } from '../../reports/sarif-fuzz.js';
import { computeSignature } from '../../harness/results/finding-signature.js';
import type { FuzzFinding, FuzzResults } from '../../harness/results/fuzz-results.js';
import { settledRun } from '../helpers/settled-run.js';
import type { Verdict } from '../../harness/results/vocabulary.js';
import type { CheckResult, RunResults } from '../../harness/results/results.js';
import { cli } from '../harness/faces/cli/cli-process.js';
import { REFERENCE_JS, RUN_TIMEOUT_MS, tempDir } from './helpers.js';

const require = createRequire(import.meta.url);
const SCHEMA = JSON.parse(
  readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'),
);

// Both are CommonJS: under NodeNext the default import is the module object (see harness/schema/ajv.ts).
type Draft04 = typeof ajvDraft04.default;
const Ajv04: Draft04 = (ajvDraft04 as unknown as { default?: Draft04 }).default ?? (ajvDraft04 as unknown as Draft04);
type AddFormats = typeof formatsModule.default;
const addFormats: AddFormats =
  (formatsModule as unknown as { default?: AddFormats }).default ?? (formatsModule as unknown as AddFormats);

// The schema is draft-04, and one of its patterns is not valid as a unicode RegExp.
const ajv = new Ajv04({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(SCHEMA);

function validateSarif(document: unknown): string[] {
  return validate(document) ? [] : validate.errors!.map((error) => `${error.instancePath} ${error.message}`);
}

describe('SARIF from run --sarif', () => {
  let dir: string;
  let sarif: ReturnType<typeof renderSarif>;
  let results: RunResults;

  beforeAll(async () => {
    // A repository with a config file: SARIF results point at it. A MUST failure, a SHOULD
    // warning and a pass (a rule with no result), with no fresh server process.
    dir = tempDir();
    const checks = ['2025-11-25/ping/empty-result', '2025-11-25/ping/while-busy', '2025-11-25/tools/list-result'];
    writeFileSync(
      path.join(dir, 'mcp-conform.config.json'),
      JSON.stringify({
        revisions: ['2025-11-25'],
        checks,
        targets: [{ stdio: [process.execPath, REFERENCE_JS, '--stdio', '--mutant', 'ping-missing'] }],
      }),
    );
    const run = await cli(['run', '--quiet', '--json', 'out/results.json', '--sarif', 'out/mcp-conform.sarif'], {
      cwd: dir,
    });
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/^reports: .*out\/results\.json, .*out\/mcp-conform\.sarif$/m);
    sarif = JSON.parse(readFileSync(path.join(dir, 'out/mcp-conform.sarif'), 'utf8'));
    results = JSON.parse(readFileSync(path.join(dir, 'out/results.json'), 'utf8'));
    expect(results.checks.map((c) => c.verdict).sort()).toEqual(['fail', 'pass', 'warn']);
  }, RUN_TIMEOUT_MS);

  test('is valid against the SARIF 2.1.0 schema', () => {
    expect(validateSarif(sarif)).toEqual([]);
    expect(sarif.version).toBe('2.1.0');
  });

  test('the schema check can fail: a result without a message is rejected', () => {
    const broken = structuredClone(sarif) as unknown as { runs: Array<{ results: Array<Record<string, unknown>> }> };
    delete broken.runs[0].results[0].message;
    expect(validateSarif(broken).length).toBeGreaterThan(0);
  });

  test('one rule per check: id, title, requirement, spec link as helpUri, level mapped', () => {
    const rules = sarif.runs[0].tool.driver.rules;
    expect(rules.map((rule) => rule.id).sort()).toEqual([...new Set(results.checks.map((check) => check.id))].sort());
    const ping = rules.find((rule) => rule.id === '2025-11-25/ping/empty-result')!;
    const check = results.checks.find((c) => c.id === ping.id)!;
    expect(ping).toMatchObject({
      shortDescription: { text: check.title },
      fullDescription: { text: check.requirement },
      helpUri: check.spec,
      defaultConfiguration: { level: 'error' },
    });
    const should = rules.find((rule) => results.checks.find((c) => c.id === rule.id)?.level === 'SHOULD');
    expect(should?.defaultConfiguration.level).toBe('warning');
  });

  test('one result per failed or warned check, at the config file, with the reason', () => {
    const findings = results.checks.filter((check) => check.verdict === 'fail' || check.verdict === 'warn');
    const out = sarif.runs[0].results;
    expect(out.map((r) => r.ruleId).sort()).toEqual(findings.map((check) => check.id).sort());
    const fail = out.find((r) => r.ruleId === '2025-11-25/ping/empty-result')!;
    expect(fail.level).toBe('error');
    expect(fail.message.text).toContain('Method not found');
    expect(fail.locations[0].physicalLocation.artifactLocation.uri).toBe('mcp-conform.config.json');
    expect(out.filter((r) => r.level === 'warning').length).toBe(
      results.checks.filter((check) => check.verdict === 'warn').length,
    );
  });

  test('report --sarif renders the same results, located at the results file unless told', async () => {
    const again = await cli(['report', 'out/results.json', '--sarif', 'again.sarif', '--quiet'], { cwd: dir });
    expect(again.exitCode).toBe(1);
    const rendered = JSON.parse(readFileSync(path.join(dir, 'again.sarif'), 'utf8'));
    expect(validateSarif(rendered)).toEqual([]);
    expect(rendered.runs[0].results).toHaveLength(sarif.runs[0].results.length);
    expect(rendered.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe('out/results.json');
  });
});

describe('SARIF locations', () => {
  const root = '/repo';
  const files = new Set(['/repo/mcp-conform.config.json', '/repo/build/server.js', '/repo/out/results.json']);
  const exists = (file: string) => files.has(file);

  test('the config file first, then the server entry point inside the repository, then the results file', () => {
    const entry = entryPointCandidates({
      kind: 'stdio',
      command: 'node',
      args: ['--enable-source-maps', 'build/server.js'],
      cwd: root,
    });
    expect(
      sarifLocation(['/repo/mcp-conform.config.json', ...entry, 'out/results.json'], 'x.sarif', root, exists),
    ).toBe('mcp-conform.config.json');
    expect(sarifLocation([undefined, ...entry, 'out/results.json'], 'x.sarif', root, exists)).toBe('build/server.js');
    expect(sarifLocation([undefined, '/elsewhere/server.js', 'out/results.json'], 'x.sarif', root, exists)).toBe(
      'out/results.json',
    );
    expect(sarifLocation([undefined], 'out/x.sarif', root, exists)).toBe('out/x.sarif');
  });

  test('an http target names no entry point', () => {
    expect(entryPointCandidates({ kind: 'http' })).toEqual([]);
  });
});

describe('SARIF of checks that came to no verdict', () => {
  const check = (slug: string, verdict: Verdict, reason?: string): CheckResult => {
    const id = `2026-07-28/tools/${slug}`;
    return {
      id,
      revision: '2026-07-28',
      area: 'tools',
      title: id,
      requirement: 'r',
      level: 'MUST',
      spec: 'https://x/s#a',
      transport: 'stdio',
      verdict,
      reason,
      durationMs: 1,
      transcript: [],
    };
  };
  const settled = (checks: CheckResult[]) => settledRun(checks);

  test('an inconclusive check is a note with its reason, never dropped; the run says it is inconclusive', () => {
    const sarif = renderSarif(
      settled([check('a', 'pass'), check('b', 'error', 'inconclusive: no response to tools/call within 3000 ms')]),
      { location: 'server.js' },
    );
    expect(validateSarif(sarif)).toEqual([]);
    const [note, ...rest] = sarif.runs[0].results;
    expect(rest).toEqual([]);
    expect(note).toMatchObject({ ruleId: '2026-07-28/tools/b', level: 'note' });
    expect(note.message.text).toBe(
      '(inconclusive: no verdict) inconclusive: no response to tools/call within 3000 ms (stdio; MUST https://x/s#a)',
    );
    expect(sarif.runs[0].properties.outcome).toBe('inconclusive');
    expect(sarif.runs[0].invocations[0].toolExecutionNotifications).toEqual([
      { level: 'note', message: { text: expect.stringMatching(/^inconclusive \(exit 4\): no check failed/) } },
    ]);
  });

  test('a run of nothing but skips says it is not applicable', () => {
    const sarif = renderSarif(settled([check('a', 'skip', 'server lists no tools')]), { location: 'server.js' });
    expect(validateSarif(sarif)).toEqual([]);
    expect(sarif.runs[0].results).toEqual([]);
    expect(sarif.runs[0].invocations[0].toolExecutionNotifications).toEqual([
      { level: 'note', message: { text: expect.stringMatching(/^no-verdicts \(exit 5\): not applicable/) } },
    ]);
  });
});

describe('SARIF of fuzz findings', () => {
  /** The finding one run records: its seed, the id it sent and the pid it killed differ from run to run. */
  const found = (seed: number, id: string, pid: number, error = 'RangeError'): FuzzFinding => {
    const message = `the server died during the case: server exited with code 70; stderr: [pid ${pid}] ${error}: id ${id}`;
    const base: FuzzFinding = {
      id: 'fuzz/2026-07-28/ids/same-id',
      campaign: '2026-07-28/ids',
      property: 'same-id',
      revision: '2026-07-28',
      level: 'MUST',
      spec: 'https://x/basic#messages',
      title: 'Each request is answered once',
      requirement: 'r',
      transport: 'stdio',
      message,
      seed,
      counterexample: { id },
      replayCommand: `mcp-conform fuzz --seed ${seed}`,
      failures: [{ message, spec: 'https://x/basic#messages', level: 'MUST', invariant: 'crash' }],
    };
    return { ...base, signature: computeSignature(base) };
  };
  const sarifOf = (findings: FuzzFinding[], fuzz: Partial<FuzzResults> = {}) =>
    renderSarif(settledRun([], { fuzz: { findings, warnings: [], ...fuzz } }), { location: 'server.js' });
  const fingerprints = (sarif: ReturnType<typeof renderSarif>) =>
    sarif.runs[0].results.map((r) => (r.partialFingerprints as Record<string, string>)[FINDING_FINGERPRINT]);

  test('a finding is a result under its property rule, fingerprinted by its signature, valid SARIF', () => {
    const finding = found(1, '9007199254740993', 4242);
    const sarif = sarifOf([finding]);
    expect(validateSarif(sarif)).toEqual([]);
    expect(sarif.runs[0].tool.driver.rules.map((r) => r.id)).toEqual(['fuzz/2026-07-28/ids/same-id']);
    expect(sarif.runs[0].results[0]).toMatchObject({ ruleId: 'fuzz/2026-07-28/ids/same-id', level: 'error' });
    expect(fingerprints(sarif)).toEqual([finding.signature]);
  });

  test('the same defect on two runs (other seed, id, pid) keeps its fingerprint, so code scanning follows one alert', () => {
    const first = sarifOf([found(1, '9007199254740993', 4242)]);
    const second = sarifOf([found(77, '18014398509481984', 31)]);
    expect(fingerprints(first)).toEqual(fingerprints(second));
    const other = sarifOf([found(1, '9007199254740993', 4242, 'TypeError')]);
    expect(fingerprints(other)).not.toEqual(fingerprints(first));
  });

  test('compared with findings seen before: a seen one is "unchanged", a new one "new", neither suppressed', () => {
    const seen = { ...found(1, '9007199254740993', 4242), seenIn: 'main.json' };
    const fresh = {
      ...found(2, '1', 1),
      id: 'fuzz/2026-07-28/ids/reused-after-answer',
      signature: 'fs1-0123456789abcdef',
    };
    const sarif = sarifOf([seen, fresh], { seenFindings: ['main.json'], newOnly: true });
    expect(validateSarif(sarif)).toEqual([]);
    expect(sarif.runs[0].results.map((r) => [r.ruleId, (r as { baselineState?: string }).baselineState])).toEqual([
      ['fuzz/2026-07-28/ids/same-id', 'unchanged'],
      ['fuzz/2026-07-28/ids/reused-after-answer', 'new'],
    ]);
    expect(sarif.runs[0].results.some((r) => 'suppressions' in r)).toBe(false);
  });
});
