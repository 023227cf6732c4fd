// JUnit XML for CI: one testsuite per revision and spec area, one testcase per check.
// MUST failures are <failure>, harness errors <error>, skips and baselined failures <skipped>
// with the reason; SHOULD misses pass with a warning (strictness is applied to the results
// before rendering). Stale baseline entries get testcases of their own, and each fuzz property
// run one (reports/junit-fuzz.ts). Valid against Jenkins' junit-4.xsd and test/reports/junit/junit.xsd.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isObject } from '../harness/results/vocabulary.js';
import { fuzzSuites } from './junit-fuzz.js';
import { matrixSuite } from './junit-matrix.js';
import {
  junitTimestamp,
  renderXml,
  testCase,
  testSuite,
  testSuites,
  x,
  type CaseEnd,
  type XmlElement,
} from './junit-xml.js';
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

/** How a check's testcase ends, and the lines that head its system-out. */
function endOf(result: CheckResult, strict: boolean): { end?: CaseEnd; head: string[] } {
  const reason = oneLine(result.reason ?? '');
  const head = [`verdict: ${result.verdict}`];
  // Pending checks are shown, never counted: a skipped testcase that says what it came to.
  if (result.pending)
    return {
      end: { kind: 'skipped', reason: `pending, ${result.verdict}${reason ? `: ${reason}` : ''} (${result.pending})` },
      head: [...head, `pending: ${result.pending}`],
    };
  if (result.expectedFailure) {
    const why = result.expectedFailure.reason ? `: ${result.expectedFailure.reason}` : '';
    head.push(`expected failure, listed in the baseline as ${result.expectedFailure.pattern}${why}`);
    return {
      end: {
        kind: 'skipped',
        reason: `expected failure (baseline ${result.expectedFailure.pattern}${why}): ${reason}`,
      },
      head,
    };
  }
  const failing = result.verdict === 'fail' || (result.verdict === 'unstable' && strict);
  if (failing)
    return {
      end: {
        kind: 'failure',
        message: reason,
        type: result.verdict === 'fail' ? result.level : 'unstable',
        body: evidenceText(result),
      },
      head,
    };
  if (result.verdict === 'error')
    return { end: { kind: 'error', message: reason, type: 'harness-error', body: evidenceText(result) }, head };
  if (result.verdict === 'skip') return { end: { kind: 'skipped', reason }, head };
  if (result.verdict === 'unstable')
    head.push(`UNSTABLE (the confirming run disagreed; does not fail the run without --strict): ${reason}`);
  if (result.verdict === 'warn')
    head.push(`WARNING (${result.level} not met, does not fail the run without --strict): ${reason}`);
  return { head };
}

function checkCase(result: CheckResult, strict: boolean): XmlElement {
  const { end, head } = endOf(result, strict);
  const systemOut = [
    head.join('\n'),
    evidenceText(result),
    'Transcript:',
    renderTranscript(result.transcript, result.transcriptDropped),
  ].join('\n\n');
  return testCase({
    classname: `${result.revision}.${result.area}`,
    name: `${result.id}: ${result.title}`,
    time: result.durationMs / 1000,
    status: result.verdict,
    end,
    systemOut,
  });
}

/** A testsuite of one testcase that ends in error: what could not run is never a silent absence. */
const errorSuite = (name: string, caseName: string, message: string, type: string) =>
  testSuite(
    { name },
    [],
    [
      testCase({
        classname: 'mcp-conform',
        name: caseName,
        status: 'error',
        end: { kind: 'error', message: oneLine(message), type },
      }),
    ],
  );

/** Stale baseline entries and a run without verdicts fail the build, so they fail here too. */
function runLevelSuites(results: RunResults): XmlElement[] {
  const suites: XmlElement[] = [];
  const stale = results.baseline?.stale ?? [];
  if (stale.length > 0) {
    const file = results.baseline!.file;
    const cases = stale.map((entry) =>
      testCase({
        classname: 'baseline',
        name: `stale: ${entry.pattern}`,
        status: 'fail',
        end: {
          kind: 'failure',
          type: 'stale-baseline',
          message: `stale baseline entry ${entry.pattern}: ${entry.passing.join(', ')} now pass; remove it from ${file}`,
        },
      }),
    );
    suites.push(testSuite({ name: 'baseline' }, [['file', file]], cases));
  }
  for (const run of results.revisions.filter((r) => r.error))
    suites.push(errorSuite(`revision ${run.revision}`, `revision ${run.revision}`, run.error!, 'revision-not-run'));
  if (['unreachable', 'no-verdicts', 'interrupted'].includes(results.outcome)) {
    const message =
      results.error ??
      (results.outcome === 'no-verdicts'
        ? 'no check or fuzz property produced a verdict (all skipped)'
        : results.outcome);
    suites.push(errorSuite('mcp-conform', 'run', message, results.outcome));
  }
  return suites;
}

function checkSuites(results: RunResults): XmlElement[] {
  const groups = new Map<string, CheckResult[]>();
  for (const result of results.checks) {
    const key = `${result.revision}/${result.area}`;
    groups.set(key, [...(groups.get(key) ?? []), result]);
  }
  return [...groups].map(([name, checks]) => {
    const properties: [string, string][] = [
      ['revision', checks[0].revision],
      ['area', checks[0].area],
      ['transport', checks[0].transport],
      ['target', results.target.description],
    ];
    const server = serverOf(results, checks[0].revision);
    if (server) properties.push(['server', server]);
    const stamp = results.revisions.find((r) => r.revision === checks[0].revision)?.checkProfile;
    if (stamp) properties.push(['profile', stamp.name], ['profile-hash', stamp.hash]);
    const time = checks.reduce((sum, c) => sum + c.durationMs, 0) / 1000;
    return testSuite(
      { name, timestamp: junitTimestamp(results.startedAt), time },
      properties,
      checks.map((check) => checkCase(check, results.options.strict)),
    );
  });
}

export function renderJUnit(results: RunResults): string {
  const suites = [...checkSuites(results), ...fuzzSuites(results), ...matrixSuite(results), ...runLevelSuites(results)];
  return renderXml(testSuites(`mcp-conform ${results.target.description}`, suites));
}

export function writeJUnit(results: RunResults, file: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, renderJUnit(results));
}
