// Expected-failures baselines: listed failures pass, unlisted ones fail, stale entries fail,
// so a baseline cannot rot (the rules of conformance PR #113, at check level).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { applyBaseline, BaselineFileError, loadBaseline, parseBaseline } from '../../harness/runner/baseline.js';
import type { RunResults } from '../../harness/runner/results.js';
import { RUN_TIMEOUT_MS, hostileResults, tempDir } from './helpers.js';

const PING = '2025-11-25/lifecycle/ping';
let failing: RunResults;
let first: string;

// A server that answers ping with -32601 and pollutes stdout fails several checks and passes others.
beforeAll(async () => {
  failing = await hostileResults();
  expect(failingIds().length, 'the hostile server fails at least two checks').toBeGreaterThanOrEqual(2);
  expect(failing.checks.some((c) => c.verdict === 'pass')).toBe(true);
  first = failingIds()[0];
}, RUN_TIMEOUT_MS);

const failingIds = () => failing.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'error').map((c) => c.id);
const passingId = () => failing.checks.find((c) => c.verdict === 'pass')!.id;
const baselineOf = (...entries: string[]) => ({ file: 'baseline.yml', entries: entries.map((pattern) => ({ pattern })) });

describe('baseline files', () => {
  test('YAML list, YAML object with expected-failures, and JSON all read the same entries', () => {
    const yamlList = parseBaseline(`# known\n- ${PING}\n- id: 2026-07-28/meta/*\n  reason: SDK 2.5\n`, 'b.yml');
    const yamlObject = parseBaseline(`expected-failures:\n  - ${PING}\n  - { id: "2026-07-28/meta/*", reason: SDK 2.5 }\n`, 'b.yaml');
    const json = parseBaseline(JSON.stringify({ expectedFailures: [PING, { id: '2026-07-28/meta/*', reason: 'SDK 2.5' }] }), 'b.json');
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
    expect(() => loadBaseline('/nonexistent/baseline.yml')).toThrow(/cannot read expected-failures file \/nonexistent\/baseline.yml: ENOENT/);
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
    const judged = applyBaseline(failing, baselineOf(...failingIds().map((id) => id.replace(/\/[^/]+$/, '')), '*/nothing-like-this/*'));
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
    const unreachable: RunResults = { ...failing, checks: [], error: 'server exited with code 1 before answering', revisions: [] };
    expect(applyBaseline(unreachable, baselineOf(first)).exitCode).toBe(2);
  });
});
