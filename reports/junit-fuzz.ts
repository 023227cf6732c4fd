// Fuzz runs in JUnit: one testsuite per campaign, one testcase per property run, named by the
// property id so a CI history tracks it across runs (the message goes in the failure, never in
// the name). A finding is <failure>, a harness error <error>, a property that did not apply or
// got no time <skipped> with the reason; a SHOULD-level finding passes with a warning, as a
// SHOULD check does.
import type { Builder, TestSuite } from 'junit-report-builder';
import { fuzzPropertyRuns, fuzzVerdict, NOT_EXHAUSTED, undecidedNote, type FuzzFinding, type FuzzPropertyRun } from '../harness/results/fuzz-results.js';
import type { RunResults } from '../harness/results/results.js';
import { withExtras, x, type Extras } from './junit-xml.js';
import { oneLine, pretty } from './text.js';
import { renderTranscript } from './transcript.js';

/** `2026-07-28/ids/same-id` -> `2026-07-28/ids`. */
const campaignOf = (propertyId: string) => propertyId.split('/').slice(0, -1).join('/') || propertyId;

function findingText(finding: FuzzFinding): string {
  const broken = (finding.failures ?? [{ message: finding.message, spec: finding.spec ?? '', level: finding.level ?? 'MUST' }]).map((f) => `- ${f.message}\n  ${f.level} ${f.spec}`);
  const parts = [
    `${finding.level ?? ''} ${finding.spec ?? ''}`.trim(),
    [finding.title, finding.requirement].filter(Boolean).join('\n'),
    `Broken:\n${broken.join('\n')}`,
    `Seed: ${finding.seed}${finding.path !== undefined ? `, path: ${finding.path}` : ''}${finding.numRuns !== undefined ? ` (after ${finding.numRuns} run(s), shrunk in ${finding.numShrinks ?? 0} step(s))` : ''}`,
    `Replay: ${finding.replayCommand}`,
  ];
  if (finding.replayFileCommand) parts.push(`Replay the saved bytes: ${finding.replayFileCommand}`);
  parts.push(`Counterexample:\n${pretty(finding.counterexample)}`);
  return parts.filter((p) => p !== '').join('\n\n');
}

function addProperty(suite: TestSuite, property: FuzzPropertyRun, finding: FuzzFinding | undefined, results: RunResults): void {
  const verdict = fuzzVerdict(property);
  const testCase = suite
    .testCase()
    .className(x(`fuzz.${campaignOf(property.id).replace(/\//g, '.')}`))
    .name(x(property.id))
    .time((property.durationMs ?? 0) / 1000);
  const head = [`verdict: ${verdict}`, `${property.cases} case(s)${property.interrupted && !property.skipped ? `, ${NOT_EXHAUSTED}` : ''}`];
  if (property.title) head.push(property.title);
  if (property.level || property.spec) head.push(`${property.level ?? ''} ${property.spec ?? ''}`.trim());
  const extras: Extras = { status: verdict };
  if (verdict === 'fail' && finding) {
    testCase.failure(x(oneLine(finding.message)), 'fuzz-finding');
    extras.body = findingText(finding);
  } else if (verdict === 'fail') {
    testCase.failure('fuzz finding (details not in the results file)', 'fuzz-finding');
  } else if (verdict === 'error') {
    const why = property.error ?? undecidedNote(property);
    testCase.error(x(oneLine(why)), property.error ? 'harness-error' : 'inconclusive');
    extras.body = why;
  } else if (verdict === 'skip') {
    testCase.skipped();
    extras.skipped = property.skipped;
  } else if (verdict === 'warn' && finding) {
    head.push(`WARNING (${finding.level ?? 'SHOULD'} not met, does not fail the run without --strict): ${oneLine(finding.message)}`);
  }
  const out = [head.join('\n')];
  // A failure carries the finding in its body already; a warning has only system-out.
  if (finding && verdict !== 'fail') out.push(findingText(finding));
  if (finding) out.push('Transcript:', renderTranscript(finding.transcript ?? []));
  else if (results.fuzz?.seed !== undefined) out.push(`Seed: ${results.fuzz.seed}`);
  extras.systemOut = out.join('\n\n');
  withExtras(testCase, extras);
}

export function addFuzzSuites(builder: Builder, results: RunResults): void {
  const fuzz = results.fuzz;
  if (!fuzz) return;
  const findings = new Map([...(fuzz.findings ?? []), ...(fuzz.warnings ?? [])].map((f) => [f.id, f]));
  const suites = new Map<string, TestSuite>();
  for (const property of fuzzPropertyRuns(fuzz)) {
    const name = `fuzz/${campaignOf(property.id)}`;
    let suite = suites.get(name);
    if (!suite) {
      suite = builder.testSuite().name(x(name)).timestamp(new Date(results.startedAt)).property('kind', 'fuzz');
      if (fuzz.seed !== undefined) suite.property('seed', String(fuzz.seed));
      if (fuzz.budget) suite.property('runs', String(fuzz.budget.runs));
      suite.property('target', x(results.target.description));
      suites.set(name, suite);
    }
    addProperty(suite, property, findings.get(`fuzz/${property.id}`), results);
  }
}
