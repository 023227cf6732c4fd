// JUnit XML for CI: one testsuite per revision and spec area, one testcase per check.
// MUST failures are <failure>, harness errors <error>, skips <skipped message="...">; SHOULD
// misses stay visible as properties and output without failing the build (unless strict).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import junitModule, { type Builder, type TestCase } from 'junit-report-builder';
import type { CheckResult, RunResults } from '../harness/runner/results.js';
import { oneLine, pretty, xmlSafe } from './text.js';
import { renderTranscript } from './transcript.js';

type XmlNode = { name?: string; children?: XmlNode[]; att(name: string, value: string): XmlNode };

// CommonJS default export under NodeNext: take `.default` when present.
const junit: Builder = (junitModule as unknown as { default?: Builder }).default ?? (junitModule as unknown as Builder);

function evidenceText(result: CheckResult): string {
  const parts = [`${result.level} ${result.spec}`, result.requirement];
  if (result.reason) parts.push(`Reason: ${result.reason}`);
  if (result.expected !== undefined) parts.push(`Expected:\n${pretty(result.expected)}`);
  if (result.actual !== undefined) parts.push(`Actual:\n${pretty(result.actual)}`);
  return parts.join('\n\n');
}

/** junit-report-builder writes <skipped/> without a message; add it to the built element. */
function skipWithMessage(testCase: TestCase, message: string): void {
  testCase.skipped();
  const build = testCase.build.bind(testCase);
  (testCase as { build: (parent: unknown) => unknown }).build = (parent: unknown) => {
    const element = build(parent as never) as unknown as XmlNode;
    element.children?.find((child) => child.name === 'skipped')?.att('message', message);
    return element;
  };
}

export function renderJUnit(results: RunResults): string {
  const builder = junit.newBuilder().name(xmlSafe(`mcp-conform ${results.target.description}`));
  const groups = new Map<string, CheckResult[]>();
  for (const result of results.checks) {
    const key = `${result.revision}/${result.area}`;
    groups.set(key, [...(groups.get(key) ?? []), result]);
  }
  for (const [name, checks] of groups) {
    const suite = builder.testSuite().name(xmlSafe(name)).property('revision', checks[0].revision).property('transport', checks[0].transport);
    for (const result of checks) {
      const testCase = suite
        .testCase()
        .className(xmlSafe(name))
        .name(xmlSafe(`${result.id}: ${result.title}`))
        .time(result.durationMs / 1000)
        .property('level', result.level)
        .property('verdict', result.verdict)
        .property('spec', xmlSafe(result.spec));
      const reason = xmlSafe(oneLine(result.reason ?? ''));
      if (result.verdict === 'fail') testCase.failure(reason, result.level);
      else if (result.verdict === 'error') testCase.error(reason, 'harness');
      else if (result.verdict === 'skip') skipWithMessage(testCase, reason);
      else if (result.verdict === 'warn') testCase.property('warning', reason);
      const output = [`verdict: ${result.verdict}`, evidenceText(result), 'Transcript:', renderTranscript(result.transcript, result.transcriptDropped)].join('\n\n');
      testCase.standardOutput(xmlSafe(output));
    }
  }
  return builder.build();
}

export function writeJUnit(results: RunResults, file: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, renderJUnit(results));
}
