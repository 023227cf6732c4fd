// Fuzz results in the reports beyond JUnit: one outcome for fuzz, report and report --strict;
// --shard and report merge; diff. Every results file here comes from a real fuzz run: the
// hostile server (a MUST finding, a SHOULD warning, properties that do not apply) and the
// reference server, good and with a fuzz-only mutant.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { settleOutcome } from '../../harness/results/baseline.js';
import { fuzzPropertyRuns, fuzzVerdict, NOT_EXHAUSTED } from '../../harness/results/fuzz-results.js';
import type { RunResults } from '../../harness/results/results.js';
import { shardOf } from '../../harness/results/shard.js';
import { diffExitCode, diffResults } from '../../harness/results/diff.js';
import { renderHtml } from '../../reports/html/index.js';
import { mergeResults, MergeError } from '../../harness/results/merge.js';
import { applyStrict } from '../../harness/results/strict.js';
import { fuzz } from '../harness/fuzz/helpers.js';
import { referenceStdio } from '../helpers/harness.js';
import { cli, hostileTarget, inProcess, REPORT_FUZZ, RUN_TIMEOUT_MS, tempDir } from './helpers.js';

const HOSTILE = {
  revisions: ['2025-11-25' as const],
  select: ['schema', 'capabilities'],
  toolCalls: 'all' as const,
  runs: 5,
  ...REPORT_FUZZ,
};
const IDS = { revisions: ['2026-07-28' as const], select: ['ids'], runs: 10, ...REPORT_FUZZ };

let hostile: RunResults;
let hostileShards: RunResults[];
let warnOnly: RunResults;
let warnOnlyStrict: RunResults;
let clean: RunResults;
let mutant: RunResults;

const verdicts = (r: RunResults) => Object.fromEntries(fuzzPropertyRuns(r.fuzz).map((p) => [p.id, fuzzVerdict(p)]));
const inputs = (list: RunResults[]) => list.map((results, i) => ({ file: `fuzz-${i + 1}.json`, results }));
const saved = (results: RunResults) => {
  const file = path.join(tempDir(), 'results.json');
  writeFileSync(file, JSON.stringify(results));
  return file;
};

beforeAll(async () => {
  [hostile, warnOnly, warnOnlyStrict, clean, mutant, ...hostileShards] = await Promise.all([
    fuzz(hostileTarget, HOSTILE),
    fuzz(hostileTarget, { ...HOSTILE, select: ['2025-11-25/schema/valid-arguments'] }),
    fuzz(hostileTarget, { ...HOSTILE, select: ['2025-11-25/schema/valid-arguments'], strict: true }),
    fuzz(referenceStdio(), IDS),
    fuzz(referenceStdio({ mutants: ['crash-on-unsafe-id'] }), { ...IDS, runs: 30 }),
    ...[1, 2].map((index) => fuzz(hostileTarget, { ...HOSTILE, shard: { index, count: 2 } })),
  ]);
  expect(hostile.fuzz!.findings.length, 'the hostile server gives a MUST finding').toBeGreaterThan(0);
  expect(
    warnOnly.fuzz!.warnings!.map((w) => w.level),
    'and a SHOULD warning',
  ).toEqual(['SHOULD']);
}, RUN_TIMEOUT_MS);

describe('one outcome for fuzz, report and report --strict', () => {
  test('report settles every fuzz results file as fuzz did', () => {
    for (const results of [hostile, warnOnly, warnOnlyStrict, clean, mutant, ...hostileShards]) {
      const settled = settleOutcome(results);
      expect([settled.outcome, settled.exitCode]).toEqual([results.outcome, results.exitCode]);
    }
    expect([clean.outcome, clean.exitCode]).toEqual(['passed', 0]);
    expect([mutant.outcome, mutant.exitCode]).toEqual(['failed', 1]);
  });

  test('a SHOULD-level fuzz warning passes; report --strict makes it a finding, as fuzz --strict does', () => {
    expect([warnOnly.outcome, warnOnly.exitCode]).toEqual(['passed', 0]);
    const strict = applyStrict(warnOnly);
    expect(strict.fuzz!.findings.map((f) => f.id)).toEqual(warnOnlyStrict.fuzz!.findings.map((f) => f.id));
    expect(strict.fuzz!.warnings).toEqual([]);
    expect(verdicts(strict)).toEqual(verdicts(warnOnlyStrict));
    expect([strict.outcome, strict.exitCode]).toEqual([warnOnlyStrict.outcome, 1]);
  });

  test('a property stopped by the time budget reads "not exhausted" in the console and HTML reports, never ok; the response classes per campaign are printed', async () => {
    const cut = structuredClone(clean);
    const properties = cut.fuzz!.campaigns!.flatMap((c) => c.properties ?? []);
    properties[0].interrupted = true;
    const result = await inProcess(['report', saved(cut)]);
    expect(result.stdout).toMatch(
      /^fuzz: 4 properties: 3 ok, 0 finding\(s\), 0 warning\(s\), 0 skipped, 0 error\(s\), 1 not exhausted \(stopped before all their runs\); 40 cases/m,
    );
    const campaign = clean.fuzz!.campaigns![0];
    expect(campaign.classes).toBeGreaterThan(0);
    expect(campaign.classKeys).toHaveLength(campaign.classes!);
    expect(result.stdout).toContain(`fuzz: response classes: 2026-07-28/ids ${campaign.classes}`);
    const html = renderHtml(cut);
    expect(html).toContain(NOT_EXHAUSTED);
    expect(html.split(NOT_EXHAUSTED)).toHaveLength(2);
  });

  test('report --strict on a clean fuzz-only file passes, saying what ran', async () => {
    const result = await inProcess(['report', saved(clean), '--strict']);
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.stdout).toMatch(
      /^fuzz: 4 properties: 4 ok, 0 finding\(s\), 0 warning\(s\), 0 skipped, 0 error\(s\); 40 cases, seed \d+$/m,
    );
    expect(result.stdout).not.toMatch(/0 checks/);
    expect(result.stdout).toMatch(/^outcome: passed \(exit 0\)$/m);
  });

  test('a fuzz harness error leaves the run inconclusive in report as it does in fuzz', () => {
    // Staged: the reference server gives the harness no reason to fail.
    const property = clean.fuzz!.campaigns![0].properties![0];
    const broken: RunResults = {
      ...clean,
      fuzz: {
        ...clean.fuzz!,
        errors: [`${property.id}: harness error: boom`],
        campaigns: [{ ...clean.fuzz!.campaigns![0], properties: [{ ...property, error: 'harness error: boom' }] }],
      },
    };
    expect(settleOutcome(broken)).toMatchObject({ outcome: 'inconclusive', exitCode: 4 });
  });
});

describe('fuzz --shard and report merge', () => {
  test('the shards split the properties by the stable hash of their id, each once', () => {
    const ids = hostileShards.map((s) => fuzzPropertyRuns(s.fuzz).map((p) => p.id));
    expect(ids.flat().sort()).toEqual(
      fuzzPropertyRuns(hostile.fuzz)
        .map((p) => p.id)
        .sort(),
    );
    ids.forEach((list, i) => expect(list.every((id) => shardOf(id, 2) === i + 1)).toBe(true));
    expect(hostileShards.map((s) => s.shard)).toEqual([1, 2].map((index) => ({ index, count: 2, everyShard: [] })));
  });

  test('merged, they give the unsplit run: verdicts, findings, warnings, seed, budget and outcome', () => {
    const merged = mergeResults(inputs(hostileShards));
    expect(verdicts(merged)).toEqual(verdicts(hostile));
    expect(merged.fuzz!.findings.map((f) => f.id).sort()).toEqual(hostile.fuzz!.findings.map((f) => f.id).sort());
    expect(merged.fuzz!.warnings!.map((f) => f.id)).toEqual(hostile.fuzz!.warnings!.map((f) => f.id));
    expect(merged.fuzz!.seed).toBe(hostile.fuzz!.seed);
    expect(merged.fuzz!.budget).toEqual(hostile.fuzz!.budget);
    expect(merged.fuzz!.campaigns!.map((c) => c.campaign)).toEqual(hostile.fuzz!.campaigns!.map((c) => c.campaign));
    expect([merged.outcome, merged.exitCode, merged.mergedShards]).toEqual([
      hostile.outcome,
      hostile.exitCode,
      ['1/2', '2/2'],
    ]);
    expect(mergeResults(inputs([...hostileShards].reverse()))).toMatchObject({ fuzz: merged.fuzz });
  });

  test('harness errors survive the merge and leave it inconclusive (no finding, no verdict: exit 4)', () => {
    const errors = [`2025-11-25/schema/output-schema: harness error: staged`];
    const second = { ...hostileShards[1], fuzz: { ...hostileShards[1].fuzz!, errors } };
    expect(mergeResults(inputs([hostileShards[0], second])).fuzz!.errors).toEqual(errors);
    expect(
      mergeResults(
        inputs([
          { ...hostileShards[0], fuzz: { ...hostileShards[0].fuzz!, findings: [] } },
          { ...second, fuzz: { ...second.fuzz, warnings: [] } },
        ]),
      ).exitCode,
    ).toBe(4);
  });

  test('a property in two files, a missing shard, or another budget is refused', () => {
    expect(() =>
      mergeResults(inputs([hostileShards[0], { ...hostileShards[0], shard: { index: 2, count: 2, everyShard: [] } }])),
    ).toThrow(/fuzz property .* is in both fuzz-1.json and fuzz-2.json/);
    expect(() => mergeResults(inputs([hostileShards[0]]))).toThrow('shard 2/2 missing');
    const other = { ...hostileShards[1], fuzz: { ...hostileShards[1].fuzz!, budget: { runs: 7 } } };
    expect(() => mergeResults(inputs([hostileShards[0], other]))).toThrow(MergeError);
  });

  test('report merge joins fuzz shards on the command line', async () => {
    const result = await cli(['report', 'merge', saved(hostileShards[0]), saved(hostileShards[1]), '--quiet']);
    expect(result.exitCode).toBe(hostile.exitCode);
    expect(result.stdout).toMatch(
      /^fuzz: 4 properties: 0 ok, 1 finding\(s\), 1 warning\(s\), 2 skipped, 0 error\(s\)/m,
    );
  });
});

describe('diff of fuzz runs', () => {
  test('a property that now has a finding is a regression, and the exit code is 1', () => {
    const diff = diffResults('clean.json', clean, 'mutant.json', mutant);
    expect(diff.regressions.map((e) => e.key)).toEqual(mutant.fuzz!.findings.map((f) => f.id));
    expect(diff.regressions[0]).toMatchObject({ old: 'pass', new: 'fail', level: 'MUST' });
    expect(diffExitCode(diff)).toBe(1);
  });

  test('the other way round it is a fix; a run against itself changes nothing', () => {
    const diff = diffResults('mutant.json', mutant, 'clean.json', clean);
    expect(diff.fixes.map((e) => e.key)).toEqual(mutant.fuzz!.findings.map((f) => f.id));
    expect(diffExitCode(diff)).toBe(0);
    expect(diffResults('a.json', clean, 'b.json', clean)).toMatchObject({
      regressions: [],
      fixes: [],
      changed: [],
      unchanged: 4,
    });
  });

  test('a SHOULD warning that --strict makes a finding is a regression from warn to fail', () => {
    const diff = diffResults('lenient.json', warnOnly, 'strict.json', warnOnlyStrict);
    expect(diff.regressions).toMatchObject([
      { key: 'fuzz/2025-11-25/schema/valid-arguments', old: 'warn', new: 'fail', level: 'SHOULD' },
    ]);
  });

  test('the command line says so', async () => {
    const result = await inProcess(['diff', saved(clean), saved(mutant)]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/^Regressions \(1\):\n {2}PASS +-> FAIL +fuzz\/2026-07-28\/ids\/same-id/m);
  });
});

describe('the HTML report', () => {
  test('lists every property with its verdict, and warnings as well as findings', () => {
    const html = renderHtml(hostile);
    for (const p of fuzzPropertyRuns(hostile.fuzz))
      expect(html).toContain(`<tr data-fuzz-verdict="${fuzzVerdict(p)}">`);
    expect(html).toContain('>WARNING</span> <code class="id">fuzz/2025-11-25/schema/valid-arguments</code>');
    expect(html).toContain('>FINDING</span> <code class="id">fuzz/2025-11-25/capabilities/declared-only</code>');
    expect(html).not.toContain('<script>window.__pwned');
  });
});
