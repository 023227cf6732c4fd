// JUnit XML for CI: one testsuite per revision and spec area, one testcase per check.
// MUST failures are <failure>, harness errors <error>, skips and baselined failures <skipped
// message="...">; SHOULD misses pass with a warning (strictness is applied to the results
// before rendering). Stale baseline entries and fuzz findings get testcases of their own.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import junitModule, { type Builder, type TestCase, type TestSuite } from 'junit-report-builder';
import { isObject } from '../harness/model.js';
import { addMatrixSuite } from './junit-matrix.js';
import type { FuzzFinding } from '../harness/runner/fuzz-results.js';
import type { CheckResult, RunResults } from '../harness/runner/results.js';
import { oneLine, pretty, xmlSafe } from './text.js';
import { renderTranscript } from './transcript.js';

type XmlNode = { name?: string; children?: XmlNode[]; att(name: string, value: string): XmlNode; txt(value: string): XmlNode; ele(name: string): XmlNode };

// CommonJS default export under NodeNext: take `.default` when present.
const junit: Builder = (junitModule as unknown as { default?: Builder }).default ?? (junitModule as unknown as Builder);

/** Every string bound for the XML passes here: illegal XML characters become visible escapes. */
const x = (value: unknown): string => xmlSafe(String(value ?? ''));

interface Extras {
  skippedMessage?: string;
  /** Text inside the <failure> or <error> element. */
  body?: string;
  systemOut?: string;
}

/**
 * junit-report-builder writes <skipped/> without a message and puts output in CDATA, escaping
 * only the first `]]>` (a second one would end the section early). Add both as escaped text.
 */
function withExtras(testCase: TestCase, extras: Extras): void {
  const build = testCase.build.bind(testCase);
  (testCase as { build: (parent: unknown) => unknown }).build = (parent: unknown) => {
    const element = build(parent as never) as unknown as XmlNode;
    const child = (name: string) => element.children?.find((c) => c.name === name);
    if (extras.skippedMessage !== undefined) child('skipped')?.att('message', x(extras.skippedMessage));
    if (extras.body) (child('failure') ?? child('error'))?.txt(x(extras.body));
    if (extras.systemOut) element.ele('system-out').txt(x(extras.systemOut));
    return element;
  };
}

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

function addCheck(suite: TestSuite, result: CheckResult): void {
  const testCase = suite
    .testCase()
    .className(x(`${result.revision}.${result.area}`))
    .name(x(`${result.id}: ${result.title}`))
    .time(result.durationMs / 1000)
    .property('level', result.level)
    .property('verdict', result.verdict)
    .property('spec', x(result.spec));
  const reason = oneLine(result.reason ?? '');
  const head = [`verdict: ${result.verdict}`];
  const extras: Extras = {};
  if (result.expectedFailure) {
    const why = result.expectedFailure.reason ? `: ${result.expectedFailure.reason}` : '';
    testCase.property('expected-failure', x(result.expectedFailure.pattern)).skipped();
    extras.skippedMessage = `expected failure (baseline ${result.expectedFailure.pattern}${why}): ${reason}`;
    head.push(`expected failure, listed in the baseline as ${result.expectedFailure.pattern}${why}`);
  } else if (result.verdict === 'fail') {
    testCase.failure(x(reason), result.level);
    extras.body = evidenceText(result);
  } else if (result.verdict === 'error') {
    testCase.error(x(reason), 'harness-error');
    extras.body = evidenceText(result);
  } else if (result.verdict === 'skip') {
    testCase.skipped();
    extras.skippedMessage = reason;
  } else if (result.verdict === 'warn') {
    testCase.property('warning', x(reason));
    head.push(`WARNING (${result.level} not met, does not fail the run without --strict): ${reason}`);
  }
  extras.systemOut = [head.join('\n'), evidenceText(result), 'Transcript:', renderTranscript(result.transcript, result.transcriptDropped)].join('\n\n');
  withExtras(testCase, extras);
}

function addFinding(builder: Builder, suites: Map<string, TestSuite>, finding: FuzzFinding): void {
  const name = `fuzz/${finding.campaign}`;
  let suite = suites.get(name);
  if (!suite) {
    suite = builder.testSuite().name(x(name)).property('kind', 'fuzz');
    suites.set(name, suite);
  }
  const body = [`Property: ${finding.property}`, `Seed: ${finding.seed}${finding.path !== undefined ? `, path: ${finding.path}` : ''}`, `Replay: ${finding.replayCommand}`, `Counterexample:\n${pretty(finding.counterexample)}`];
  if (finding.spec) body.unshift(`${finding.level ?? ''} ${finding.spec}`.trim());
  const testCase = suite.testCase().className(x(name.replace('/', '.'))).name(x(`${finding.id}: ${finding.message}`)).failure(x(oneLine(finding.message)), 'fuzz-finding');
  withExtras(testCase, { body: body.join('\n\n'), systemOut: finding.transcript ? renderTranscript(finding.transcript) : undefined });
}

/** Stale baseline entries and a run without verdicts fail the build, so they fail here too. */
function addRunLevel(builder: Builder, results: RunResults): void {
  const stale = results.baseline?.stale ?? [];
  if (stale.length > 0) {
    const suite = builder.testSuite().name('baseline').property('file', x(results.baseline!.file));
    for (const entry of stale) {
      const message = `stale baseline entry ${entry.pattern}: ${entry.passing.join(', ')} now pass; remove it from ${results.baseline!.file}`;
      suite.testCase().className('baseline').name(x(`stale: ${entry.pattern}`)).failure(x(message), 'stale-baseline');
    }
  }
  if (['unreachable', 'no-verdicts', 'interrupted'].includes(results.outcome)) {
    const message = results.error ?? (results.outcome === 'no-verdicts' ? 'no check produced a verdict (all skipped)' : results.outcome);
    builder.testSuite().name('mcp-conform').testCase().className('mcp-conform').name('run').error(x(oneLine(message)), results.outcome);
  }
}

export function renderJUnit(results: RunResults): string {
  const builder = junit.newBuilder().name(x(`mcp-conform ${results.target.description}`));
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
    for (const result of checks) addCheck(suite, result);
  }
  const fuzzSuites = new Map<string, TestSuite>();
  for (const finding of results.fuzz?.findings ?? []) addFinding(builder, fuzzSuites, finding);
  addMatrixSuite(builder, results);
  addRunLevel(builder, results);
  return builder.build();
}

export function writeJUnit(results: RunResults, file: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, renderJUnit(results));
}
