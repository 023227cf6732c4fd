// Expected-failures baselines: a listed failure does not fail the run, an unlisted one does,
// and an entry whose checks now pass fails the run as stale, so a baseline cannot rot.
// A check that only warns is neither: its SHOULD is still missed (so the entry is not stale,
// and the same baseline serves runs with and without --strict), but it fails nothing.
import { readFileSync } from 'node:fs';
import YAML from 'yaml';
import { isObject } from './vocabulary.js';
import { failingFindings, fuzzPropertyRuns, fuzzVerdictCount, inconclusiveProperties } from './fuzz-results.js';
import { summarize, type CheckResult, type RunResults } from './results.js';
import { matchesPattern } from './select.js';
import { computeConformance } from './conformance.js';
import { isScored } from './check-profile.js';
import { exitCodeOf, isInconclusive, outcomeOf } from './outcome.js';
import type { Baseline, BaselineEntry, BaselineSummary } from './baseline-types.js';

export type {
  Baseline,
  BaselineEntry,
  BaselineSummary,
  ExpectedFailure,
  StaleEntry,
  WarningEntry,
} from './baseline-types.js';

export class BaselineFileError extends Error {}

const FAILING = new Set(['fail', 'error']);
const LIST_KEYS = ['expected-failures', 'expectedFailures'];

function entryFrom(item: unknown, where: string): BaselineEntry {
  if (typeof item === 'string' && item.trim() !== '') return { pattern: item.trim() };
  if (isObject(item)) {
    const unknownKeys = Object.keys(item).filter((key) => !['id', 'check', 'reason'].includes(key));
    if (unknownKeys.length > 0)
      throw new BaselineFileError(`${where}: unknown key ${JSON.stringify(unknownKeys[0])} (use id and reason)`);
    const pattern = item.id ?? item.check;
    if (typeof pattern !== 'string' || pattern.trim() === '')
      throw new BaselineFileError(`${where}: needs an id (a check id or pattern)`);
    if (item.reason !== undefined && typeof item.reason !== 'string')
      throw new BaselineFileError(`${where}: reason must be a string`);
    return { pattern: pattern.trim(), reason: item.reason };
  }
  throw new BaselineFileError(`${where}: expected a check id or {id, reason}, got ${JSON.stringify(item)}`);
}

/** Accepts a list of entries, or an object whose `expected-failures` key holds one. */
export function parseBaseline(text: string, file: string): Baseline {
  let document: unknown;
  try {
    document = file.endsWith('.json') ? JSON.parse(text) : YAML.parse(text);
  } catch (error) {
    throw new BaselineFileError(
      `cannot parse expected-failures file ${file}: ${(error as Error).message.split('\n')[0]}`,
    );
  }
  if (document === null || document === undefined) return { file, entries: [] };
  let list: unknown = document;
  if (isObject(document)) {
    const key = LIST_KEYS.find((k) => k in document);
    if (!key)
      throw new BaselineFileError(
        `${file}: expected a list of check ids or an object with an "expected-failures" list`,
      );
    list = document[key] ?? [];
  }
  if (!Array.isArray(list)) throw new BaselineFileError(`${file}: the expected failures must be a list`);
  return { file, entries: list.map((item, i) => entryFrom(item, `${file} entry ${i + 1}`)) };
}

export function loadBaseline(file: string): Baseline {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new BaselineFileError(
      `cannot read expected-failures file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  return parseBaseline(text, file);
}

/** Annotates failing checks the baseline lists, and settles the outcome and exit code. */
export function applyBaseline(results: RunResults, baseline: Baseline): RunResults {
  const checks: CheckResult[] = results.checks.map((check) => {
    const { expectedFailure: _previous, ...rest } = check;
    if (!FAILING.has(check.verdict)) return rest;
    const entry = baseline.entries.find((e) => matchesPattern(check.id, e.pattern));
    return entry ? { ...rest, expectedFailure: entry } : rest;
  });
  const summary: BaselineSummary = {
    file: baseline.file,
    entries: baseline.entries,
    expected: checks.filter((c) => c.expectedFailure).map((c) => c.id),
    unexpected: checks.filter((c) => FAILING.has(c.verdict) && !c.expectedFailure).map((c) => c.id),
    stale: [],
    warning: [],
    unused: [],
  };
  for (const entry of baseline.entries) {
    const matched = checks.filter((c) => matchesPattern(c.id, entry.pattern));
    if (matched.some((c) => FAILING.has(c.verdict))) continue;
    const warning = matched.filter((c) => c.verdict === 'warn').map((c) => c.id);
    const passing = matched.filter((c) => c.verdict === 'pass').map((c) => c.id);
    if (warning.length > 0) summary.warning!.push({ ...entry, warning });
    else if (passing.length > 0) summary.stale.push({ ...entry, passing });
    else summary.unused.push(entry);
  }
  return settleOutcome({ ...results, checks, baseline: summary });
}

/** The baseline a results file was judged with, to judge it again after a merge or --strict. */
export function baselineOf(results: RunResults): Baseline | undefined {
  return results.baseline && { file: results.baseline.file, entries: results.baseline.entries };
}

/**
 * Summary, outcome and exit code from the checks, the baseline (if applied) and the fuzz run:
 * `run`, `fuzz` and `report` all settle a results file here, so they agree; the rules and their
 * order are outcome.ts's. A shard that holds nothing to run has no verdicts and passes (the other
 * shards have them).
 */
export function settleOutcome(results: Omit<RunResults, 'summary' | 'outcome' | 'exitCode'>): RunResults {
  const summary = summarize(results.checks);
  const strict = results.options.strict;
  // Pending checks (not in their revision's frozen profile) are shown, never counted.
  const scored = results.checks.filter(isScored);
  // An unstable verdict is a non-pass that did not reproduce: it fails the run only under --strict.
  const failsRun = (c: CheckResult) =>
    (c.verdict === 'fail' || (c.verdict === 'unstable' && strict)) && !c.expectedFailure;
  const fuzz = results.fuzz;
  // Undecided fuzz cases are inconclusive, as a check with no answer in time is.
  const fuzzInconclusive = (fuzz?.errors?.length ?? 0) + inconclusiveProperties(fuzz).length;
  const verdicts =
    summary.pass + summary.warn + summary.unstable + summary.fail + summary.error + fuzzVerdictCount(fuzz);
  const nothingRan = summary.total === 0 && fuzzPropertyRuns(fuzz).length === 0;
  const outcome = outcomeOf({
    interrupted: results.interrupted === true,
    unreachable: results.error !== undefined && nothingRan,
    // With checks present, an error means a revision (or a merged shard) never reached the target.
    failing: scored.filter(failsRun).length + failingFindings(fuzz).length + (results.error ? 1 : 0),
    staleEntries: results.baseline?.stale.length ?? 0,
    inconclusive: scored.filter((c) => isInconclusive(c, strict) && !c.expectedFailure).length + fuzzInconclusive,
    verdicts,
    emptyShard: results.shard !== undefined && nothingRan,
  });
  // Every judge of a results file passes here, so the statement always matches the verdicts.
  const conformance =
    results.revisions.length > 0 && results.checks.length > 0 ? computeConformance(results) : undefined;
  return { ...results, summary, outcome, exitCode: exitCodeOf(outcome), ...(conformance ? { conformance } : {}) };
}
