// JUnit XML for CI: one testsuite per revision and spec area, one testcase per check.
// MUST failures are <failure>, harness errors <error>, skips and baselined failures <skipped>
// with the reason; SHOULD misses pass with a warning (strictness is applied to the results
// before rendering). Stale baseline entries get testcases of their own, and each fuzz property
// run one (reports/junit-fuzz.ts). Valid against Jenkins' junit-4.xsd and test/reports/junit/junit.xsd.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Builder, TestSuite } from 'junit-report-builder';
import { isObject } from '../harness/results/vocabulary.js';
import { addFuzzSuites } from './junit-fuzz.js';
import { addMatrixSuite } from './junit-matrix.js';
import { newBuilder, withExtras, x, type Extras } from './junit-xml.js';
import type { CheckResult, RunResults } from '../harness/results/results.js';
import { oneLine, pretty } from './text.js';
import { renderTranscript } from './transcript.js';

function evidenceText(result: CheckResult): string {
  const parts = [`${result.level} ${result.spec}`, result.requirement];
  if (result.reason) parts.push(`Reason: ${result.reason}`);
  if (result.expected !== undefined) parts.push(`Expected:\n${pretty(result.expected)}`);
  if (result.actual !== undefined) parts.push(`Actual:\n${pretty(result.actual)}`);
  return parts.join('\n\n');
}

function serverOf(results: RunResults, revision: string): string | undefined {
  const info = results.revisions.find((r) => r.revision === revision)?.profile?.serverInfo;
  return isObject(info) ? [info.name, info.version].filter((v) => v !== undefined).join(' ') : undefined;
}

function addCheck(suite: TestSuite, result: CheckResult, strict: boolean): void {
  const testCase = suite
    .testCase()
    .className(x(`${result.revision}.${result.area}`))
    .name(x(`${result.id}: ${result.title}`))
    .time(result.durationMs / 1000);
  const reason = oneLine(result.reason ?? '');
  const head = [`verdict: ${result.verdict}`];
  const extras: Extras = { status: result.verdict };
  if (result.expectedFailure) {
    const why = result.expectedFailure.reason ? `: ${result.expectedFailure.reason}` : '';
    testCase.skipped();
    extras.skipped = `expected failure (baseline ${result.expectedFailure.pattern}${why}): ${reason}`;
    head.push(`expected failure, listed in the baseline as ${result.expectedFailure.pattern}${why}`);
  } else if (result.verdict === 'fail') {
    testCase.failure(x(reason), result.level);
    extras.body = evidenceText(result);
  } else if (result.verdict === 'error') {
    testCase.error(x(reason), 'harness-error');
    extras.body = evidenceText(result);
  } else if (result.verdict === 'skip') {
    testCase.skipped();
    extras.skipped = reason;
  } else if (result.verdict === 'unstable' && strict) {
    testCase.failure(x(reason), 'unstable');
    extras.body = evidenceText(result);
  } else if (result.verdict === 'unstable') {
    head.push(`UNSTABLE (the confirming run disagreed; does not fail the run without --strict): ${reason}`);
  } else if (result.verdict === 'warn') {
    head.push(`WARNING (${result.level} not met, does not fail the run without --strict): ${reason}`);
  }
  extras.systemOut = [head.join('\n'), evidenceText(result), 'Transcript:', renderTranscript(result.transcript, result.transcriptDropped)].join('\n\n');
  withExtras(testCase, extras);
}

/** Stale baseline entries and a run without verdicts fail the build, so they fail here too. */
function addRunLevel(builder: Builder, results: RunResults): void {
  const stale = results.baseline?.stale ?? [];
  if (stale.length > 0) {
    const suite = builder.testSuite().name('baseline').property('file', x(results.baseline!.file));
    for (const entry of stale) {
      const message = `stale baseline entry ${entry.pattern}: ${entry.passing.join(', ')} now pass; remove it from ${results.baseline!.file}`;
      withExtras(
        suite
          .testCase()
          .className('baseline')
          .name(x(`stale: ${entry.pattern}`))
          .failure(x(message), 'stale-baseline'),
        { status: 'fail' },
      );
    }
  }
  // A revision that could not be run is a verdict-less error of its own, never a silent absence.
  for (const run of results.revisions.filter((r) => r.error)) {
    const name = `revision ${run.revision}`;
    withExtras(
      builder
        .testSuite()
        .name(x(name))
        .testCase()
        .className('mcp-conform')
        .name(x(name))
        .error(x(oneLine(run.error!)), 'revision-not-run'),
      { status: 'error' },
    );
  }
  if (['unreachable', 'no-verdicts', 'interrupted'].includes(results.outcome)) {
    const message = results.error ?? (results.outcome === 'no-verdicts' ? 'no check or fuzz property produced a verdict (all skipped)' : results.outcome);
    withExtras(
      builder
        .testSuite()
        .name('mcp-conform')
        .testCase()
        .className('mcp-conform')
        .name('run')
        .error(x(oneLine(message)), results.outcome),
      { status: 'error' },
    );
  }
}

export function renderJUnit(results: RunResults): string {
  const builder = newBuilder().name(x(`mcp-conform ${results.target.description}`));
  const groups = new Map<string, CheckResult[]>();
  for (const result of results.checks) {
    const key = `${result.revision}/${result.area}`;
    groups.set(key, [...(groups.get(key) ?? []), result]);
  }
  for (const [name, checks] of groups) {
    const suite = builder
      .testSuite()
      .name(x(name))
      .timestamp(new Date(results.startedAt))
      .time(checks.reduce((sum, c) => sum + c.durationMs, 0) / 1000)
      .property('revision', checks[0].revision)
      .property('area', x(checks[0].area))
      .property('transport', checks[0].transport)
      .property('target', x(results.target.description));
    const server = serverOf(results, checks[0].revision);
    if (server) suite.property('server', x(server));
    for (const result of checks) addCheck(suite, result, results.options.strict);
  }
  addFuzzSuites(builder, results);
  addMatrixSuite(builder, results);
  addRunLevel(builder, results);
  return builder.build();
}

export function writeJUnit(results: RunResults, file: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, renderJUnit(results));
}
