// Fuzz runs in JUnit: one testsuite per campaign, one testcase per property run, named by the
// property id so a CI history tracks it across runs (the message goes in the failure, never in
// the name). A finding is <failure>, a harness error <error>, a property that did not apply or
// got no time <skipped> with the reason; a SHOULD-level finding passes with a warning, as a
// SHOULD check does, and under --new-only a finding seen before is <skipped>, as a baselined check is.
import {
  fuzzPropertyRuns,
  fuzzVerdict,
  NOT_EXHAUSTED,
  undecidedNote,
  type FuzzFinding,
  type FuzzPropertyRun,
} from '../harness/results/fuzz-results.js';
import type { RunResults } from '../harness/results/results.js';
import { junitTimestamp, testCase, testSuite, type CaseEnd, type XmlElement } from './junit-xml.js';
import { oneLine, pretty } from './text.js';
import { renderTranscript } from './transcript.js';

/** `2026-07-28/ids/same-id` -> `2026-07-28/ids`. */
const campaignOf = (propertyId: string) => propertyId.split('/').slice(0, -1).join('/') || propertyId;

function findingText(finding: FuzzFinding): string {
  const broken = (
    finding.failures ?? [{ message: finding.message, spec: finding.spec ?? '', level: finding.level ?? 'MUST' }]
  ).map((f) => `- ${f.message}\n  ${f.level} ${f.spec}`);
  const parts = [
    `${finding.level ?? ''} ${finding.spec ?? ''}`.trim(),
    [finding.title, finding.requirement].filter(Boolean).join('\n'),
    `Broken:\n${broken.join('\n')}`,
    `Seed: ${finding.seed}${finding.path !== undefined ? `, path: ${finding.path}` : ''}${finding.numRuns !== undefined ? ` (after ${finding.numRuns} run(s), shrunk in ${finding.numShrinks ?? 0} step(s))` : ''}`,
    `Replay: ${finding.replayCommand}`,
  ];
  if (finding.dependsOn) parts.push(`Depends on: ${finding.dependsOn}`);
  if (finding.replayFileCommand) parts.push(`Replay the saved bytes: ${finding.replayFileCommand}`);
  parts.push(`Counterexample:\n${pretty(finding.counterexample)}`);
  return parts.filter((p) => p !== '').join('\n\n');
}

function propertyCase(property: FuzzPropertyRun, finding: FuzzFinding | undefined, results: RunResults): XmlElement {
  const verdict = fuzzVerdict(property);
  const head = [
    `verdict: ${verdict}`,
    `${property.cases} case(s)${property.interrupted && !property.skipped ? `, ${NOT_EXHAUSTED}` : ''}`,
  ];
  if (property.title) head.push(property.title);
  if (property.level || property.spec) head.push(`${property.level ?? ''} ${property.spec ?? ''}`.trim());
  let end: CaseEnd | undefined;
  if (verdict === 'fail' && finding?.seenIn && results.fuzz?.newOnly) {
    // As a baselined check: reported, not failing, since the run asked for new findings only.
    head.push(`seen before, in ${finding.seenIn}: does not fail the run (--new-only)`);
    end = { kind: 'skipped', reason: `seen before (${finding.seenIn}; --new-only): ${oneLine(finding.message)}` };
  } else if (verdict === 'fail' && finding) {
    end = { kind: 'failure', message: oneLine(finding.message), type: 'fuzz-finding', body: findingText(finding) };
  } else if (verdict === 'fail') {
    end = { kind: 'failure', message: 'fuzz finding (details not in the results file)', type: 'fuzz-finding' };
  } else if (verdict === 'error') {
    const why = property.error ?? undecidedNote(property);
    end = { kind: 'error', message: oneLine(why), type: property.error ? 'harness-error' : 'inconclusive', body: why };
  } else if (verdict === 'skip') {
    end = { kind: 'skipped', reason: property.skipped };
  } else if (verdict === 'warn' && finding) {
    head.push(
      `WARNING (${finding.level ?? 'SHOULD'} not met, does not fail the run without --strict): ${oneLine(finding.message)}`,
    );
  }
  const out = [head.join('\n')];
  // A failure carries the finding in its body already; a warning has only system-out.
  if (finding && end?.kind !== 'failure') out.push(findingText(finding));
  if (finding) out.push('Transcript:', renderTranscript(finding.transcript ?? []));
  else if (results.fuzz?.seed !== undefined) out.push(`Seed: ${results.fuzz.seed}`);
  const classname = `fuzz.${campaignOf(property.id).replace(/\//g, '.')}`;
  return testCase({
    classname,
    name: property.id,
    time: (property.durationMs ?? 0) / 1000,
    status: verdict,
    end,
    systemOut: out.join('\n\n'),
  });
}

export function fuzzSuites(results: RunResults): XmlElement[] {
  const fuzz = results.fuzz;
  if (!fuzz) return [];
  const findings = new Map([...(fuzz.findings ?? []), ...(fuzz.warnings ?? [])].map((f) => [f.id, f]));
  const cases = new Map<string, XmlElement[]>();
  for (const property of fuzzPropertyRuns(fuzz)) {
    const name = `fuzz/${campaignOf(property.id)}`;
    cases.set(name, [...(cases.get(name) ?? []), propertyCase(property, findings.get(`fuzz/${property.id}`), results)]);
  }
  const properties: [string, string][] = [['kind', 'fuzz']];
  if (fuzz.seed !== undefined) properties.push(['seed', String(fuzz.seed)]);
  if (fuzz.budget) properties.push(['runs', String(fuzz.budget.runs)]);
  properties.push(['target', results.target.description]);
  return [...cases].map(([name, suiteCases]) =>
    testSuite({ name, timestamp: junitTimestamp(results.startedAt) }, properties, suiteCases),
  );
}
