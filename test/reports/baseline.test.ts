// Expected-failures baselines: listed failures pass, unlisted ones fail, stale entries fail,
// so a baseline cannot rot (the rules of conformance PR #113, at check level).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { applyBaseline, BaselineFileError, loadBaseline, parseBaseline } from '../../harness/results/baseline.js';
import type { RunResults } from '../../harness/results/results.js';
import { applyStrict } from '../../harness/results/strict.js';
import { RUN_TIMEOUT_MS, hostileResults, tempDir, withVerdict } from './helpers.js';

const PING = '2025-11-25/lifecycle/ping';
let failing: RunResults;
let first: string;

// A server that answers ping with -32601 and pollutes stdout fails several checks and passes
// others; it falls silent after unparseable bytes, an inconclusive check that fails the run as well.
beforeAll(async () => {
  failing = await hostileResults({ inconclusive: true });
  expect(failingIds().length, 'the hostile server fails at least two checks').toBeGreaterThanOrEqual(2);
  expect(
    failing.checks.some((c) => c.verdict === 'error'),
    'and leaves one inconclusive',
  ).toBe(true);
  expect(failing.checks.some((c) => c.verdict === 'pass')).toBe(true);
  first = failingIds()[0];
}, RUN_TIMEOUT_MS);

const failingIds = () => failing.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'error').map((c) => c.id);
const passingId = () => failing.checks.find((c) => c.verdict === 'pass')!.id;
const baselineOf = (...entries: string[]) => ({
  file: 'baseline.yml',
  entries: entries.map((pattern) => ({ pattern })),
});

describe('baseline files', () => {
  test('YAML list, YAML object with expected-failures, and JSON all read the same entries', () => {
    const yamlList = parseBaseline(`# known\n- ${PING}\n- id: 2026-07-28/meta/*\n  reason: SDK 2.5\n`, 'b.yml');
    const yamlObject = parseBaseline(
      `expected-failures:\n  - ${PING}\n  - { id: "2026-07-28/meta/*", reason: SDK 2.5 }\n`,
      'b.yaml',
    );
    const json = parseBaseline(
      JSON.stringify({ expectedFailures: [PING, { id: '2026-07-28/meta/*', reason: 'SDK 2.5' }] }),
      'b.json',
    );
    const expected = [{ pattern: PING }, { pattern: '2026-07-28/meta/*', reason: 'SDK 2.5' }];
    expect(yamlList.entries).toEqual(expected);
    expect(yamlObject.entries).toEqual(expected);
    expect(json.entries).toEqual(expected);
  });

  test('an empty file is an empty baseline', () => {
    expect(parseBaseline('', 'empty.yml').entries).toEqual([]);
  });

  test.each([
    ['- [not, a, string]\n', /entry 1: expected a check id/],
    ['- id: x\n  resaon: typo\n', /entry 1: unknown key "resaon"/],
    ['- reason: no id\n', /entry 1: needs an id/],
    ['failures:\n  - x\n', /expected a list of check ids or an object with an "expected-failures" list/],
    ['expected-failures: one\n', /must be a list/],
    ['- a\n  - : [\n', /cannot parse expected-failures file/],
  ])('rejects %j with a clear message', (text, message) => {
    expect(() => parseBaseline(text, 'bad.yml')).toThrow(message);
  });

  test('an unreadable file is a BaselineFileError naming the file', () => {
    expect(() => loadBaseline('/nonexistent/baseline.yml')).toThrow(BaselineFileError);
    expect(() => loadBaseline('/nonexistent/baseline.yml')).toThrow(
      /cannot read expected-failures file \/nonexistent\/baseline.yml: ENOENT/,
    );
  });

  test('loadBaseline reads YAML from disk', () => {
    const file = path.join(tempDir(), 'baseline.yml');
    writeFileSync(file, `- ${PING}\n`);
    expect(loadBaseline(file)).toEqual({ file, entries: [{ pattern: PING }] });
  });
});

describe('applying a baseline', () => {
  test('without a baseline the failing run exits 1', () => {
    expect(failing.exitCode).toBe(1);
  });

  test('listing every failure makes the run pass, and each listed check is annotated', () => {
    const judged = applyBaseline(failing, baselineOf(...failingIds()));
    expect(judged.exitCode).toBe(0);
    expect(judged.outcome).toBe('passed');
    expect(judged.baseline?.expected.sort()).toEqual(failingIds().sort());
    expect(judged.baseline?.unexpected).toEqual([]);
    expect(judged.checks.find((c) => c.id === first)?.expectedFailure).toEqual({ pattern: first });
    expect(judged.summary.fail).toBe(failing.summary.fail); // verdicts are not rewritten
  });

  test('an unlisted failure still fails the run', () => {
    const others = failingIds().filter((id) => id !== first);
    const judged = applyBaseline(failing, baselineOf(...others));
    expect(judged.exitCode).toBe(1);
    expect(judged.outcome).toBe('failed');
    expect(judged.baseline?.unexpected).toEqual([first]);
  });

  test('an entry whose check now passes is stale and fails the run', () => {
    const judged = applyBaseline(failing, baselineOf(...failingIds(), passingId()));
    expect(judged.exitCode).toBe(1);
    expect(judged.outcome).toBe('stale-baseline');
    expect(judged.baseline?.stale).toEqual([{ pattern: passingId(), passing: [passingId()] }]);
  });

  test('patterns match as --check does: a prefix or a glob covers several checks', () => {
    const judged = applyBaseline(
      failing,
      baselineOf(...failingIds().map((id) => id.replace(/\/[^/]+$/, '')), '*/nothing-like-this/*'),
    );
    expect(judged.baseline?.unexpected).toEqual([]);
    expect(judged.checks.find((c) => c.id === first)?.expectedFailure?.pattern).toBe(first.replace(/\/[^/]+$/, ''));
    // A glob that matches no check with a verdict is reported, not failed: it may be another shard's.
    expect(judged.baseline?.unused).toEqual([{ pattern: '*/nothing-like-this/*' }]);
  });

  test('a prefix entry stays current while any check it covers still fails', () => {
    const judged = applyBaseline(failing, baselineOf('2025-11-25', ...failingIds()));
    expect(judged.baseline?.stale).toEqual([]);
  });

  test('applying again replaces the earlier judgement', () => {
    const once = applyBaseline(failing, baselineOf(...failingIds()));
    const again = applyBaseline(once, baselineOf());
    expect(again.checks.some((c) => c.expectedFailure)).toBe(false);
    expect(again.exitCode).toBe(1);
  });

  test('a target that was never reached keeps exit 2 whatever the baseline says', async () => {
    const unreachable: RunResults = {
      ...failing,
      checks: [],
      error: 'server exited with code 1 before answering',
      revisions: [],
    };
    expect(applyBaseline(unreachable, baselineOf(first)).exitCode).toBe(2);
  });
});

// A warn is a SHOULD still missed: not a pass, so its entry is not stale (and one baseline serves
// runs with and without --strict), and not a failure, so it needs no entry to pass.
describe('a check that only warns', () => {
  const warned = () => {
    // A SHOULD check that passes in an area where nothing fails (so an area entry can be judged too).
    const areaFails = (id: string) =>
      failing.checks.some(
        (c) => c.id.startsWith(`${id.replace(/\/[^/]+$/, '')}/`) && (c.verdict === 'fail' || c.verdict === 'error'),
      );
    const should = failing.checks.find((c) => c.level === 'SHOULD' && c.verdict === 'pass' && !areaFails(c.id))!;
    expect(should, 'the hostile server passes a SHOULD check in an area with no failure').toBeDefined();
    const results = withVerdict(failing, should.id, 'warn', 'a SHOULD was missed');
    const otherWarnings = results.checks
      .filter((c) => c.verdict === 'warn' && c.level === 'SHOULD' && c.id !== should.id)
      .map((c) => c.id);
    return { id: should.id, results, known: [...failingIds(), ...otherWarnings] };
  };

  test('keeps its entry current: neither stale nor unused, and the run passes', () => {
    const { id, results, known } = warned();
    const judged = applyBaseline(results, baselineOf(...known, id));
    expect(judged.baseline?.stale).toEqual([]);
    expect(judged.baseline?.unused.map((u) => u.pattern)).not.toContain(id);
    expect(judged.baseline?.warning).toContainEqual({ pattern: id, warning: [id] });
    expect([judged.outcome, judged.exitCode]).toEqual(['passed', 0]);
  });

  test('needs no entry without --strict; under --strict it fails unless the entry lists it', () => {
    const { id, results, known } = warned();
    expect(applyBaseline(results, baselineOf(...known)).exitCode).toBe(0);
    const listed = applyStrict(applyBaseline(results, baselineOf(...known, id)));
    expect(listed.checks.find((c) => c.id === id)?.expectedFailure).toEqual({ pattern: id });
    expect(listed.exitCode).toBe(0);
    const unlisted = applyStrict(applyBaseline(results, baselineOf(...known)));
    expect(unlisted.baseline?.unexpected).toEqual([id]);
    expect(unlisted.exitCode).toBe(1);
  });

  test('an entry whose checks pass, some of them warning, is not stale', () => {
    const { id, results, known } = warned();
    const area = id.replace(/\/[^/]+$/, '');
    const judged = applyBaseline(results, baselineOf(...known.filter((k) => !k.startsWith(`${area}/`)), area));
    expect(
      results.checks.filter((c) => c.id.startsWith(`${area}/`) && c.verdict === 'pass').length,
      'the area has passing checks too',
    ).toBeGreaterThan(0);
    expect(judged.baseline?.stale.map((s) => s.pattern)).not.toContain(area);
    expect(judged.baseline?.warning?.map((w) => w.pattern)).toContain(area);
  });
});
