// What the fuzzer prints: progress on stderr while it runs, and per finding the broken rule with
// its spec link, the shrunk counterexample and the one-line commands that replay it.
import { visibleText } from '../../reports/text.js';
import { seenFindingsLine } from '../../reports/console-fuzz.js';
import { campaignClasses, inconclusiveProperties, type FuzzFinding } from '../results/fuzz-results.js';
import type { RunResults } from '../results/results.js';
import { outcomeText } from '../results/outcome.js';
import type { FuzzProgress } from '../fuzz/run-fuzz.js';
import type { PropertyOutcome } from '../fuzz/run-property.js';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function outcomeLine(outcome: PropertyOutcome, finding: FuzzFinding | undefined): string {
  const id = outcome.property.id;
  if (outcome.skipped) return `  skip     ${id}: ${outcome.skipped}`;
  if (outcome.error) return `  ERROR    ${id}: ${outcome.error}`;
  const cases = `${outcome.cases} cases${outcome.crashes > 0 ? `, ${outcome.crashes} server restart(s)` : ''}, ${seconds(outcome.durationMs)}`;
  if (finding)
    return `  ${finding.level === 'MUST' ? 'FINDING' : 'WARNING'}  ${id}${seenMark(finding)} after ${finding.numRuns} run(s), shrunk in ${finding.numShrinks} step(s) (${cases}): ${visibleText(finding.message)}`;
  const known = outcome.known > 0 ? `, ${outcome.known} known` : '';
  if (outcome.undecided > 0)
    return `  UNDECIDED ${id} (${cases}${known}, ${outcome.undecided} with no answer in time; first: ${visibleText(outcome.undecidedExample ?? '')})`;
  const classes = outcome.classes ? `, ${classCount(outcome.classes.length, outcome.guidedClasses?.length ?? 0)}` : '';
  // Cut short by the time budget or an abort: what ran passed, but the property is not exhausted.
  if (outcome.interrupted)
    return `  partial  ${id} (${cases}${known}${classes}; not exhausted: stopped before all its runs)`;
  return `  ok       ${id} (${cases}${known}${classes})`;
}

/** "7 response classes (2 from guided runs)". */
function classCount(classes: number, guided: number): string {
  return `${classes} response class${classes === 1 ? '' : 'es'}${guided > 0 ? ` (${guided} from guided runs)` : ''}`;
}

/** Progress lines on stderr; on a terminal, a live case counter too. */
/** `redact` replaces secret values in a line before it is printed (the server's messages may quote them). */
export function stderrProgress(
  stream: NodeJS.WriteStream,
  quiet: boolean,
  redact: (line: string) => string = (line) => line,
): FuzzProgress {
  const live = stream.isTTY === true && !quiet;
  return {
    onRevision: (revision, count, pass, seed) => {
      const again = pass === 0 ? '' : ` again with the time left (seed ${seed})`;
      if (!quiet) stream.write(`fuzzing ${revision}${again}: ${count} propert${count === 1 ? 'y' : 'ies'}\n`);
    },
    onCase: (property, done) => {
      if (live && done % 10 === 0) stream.write(`\r\u001b[2K  ${property.id}: ${done} cases`);
    },
    onPropertyDone: (outcome, finding) => {
      if (live) stream.write('\r\u001b[2K');
      if (!quiet || finding) stream.write(redact(outcomeLine(outcome, finding)) + '\n');
    },
  };
}

/** " (seen before, in main.json)" for a finding an earlier run had; nothing for a new one. */
const seenMark = (finding: FuzzFinding) => (finding.seenIn ? ` (seen before, in ${finding.seenIn})` : '');

export function findingBlock(finding: FuzzFinding): string {
  const lines = [
    `${finding.level === 'MUST' ? 'FINDING' : 'WARNING'} ${finding.id}${seenMark(finding)} (${finding.transport ?? ''}, ${finding.level}): ${finding.title ?? ''}`,
    ...(
      finding.failures ?? [{ message: finding.message, spec: finding.spec ?? '', level: finding.level ?? 'MUST' }]
    ).map((f) => `  - ${visibleText(f.message)}\n    ${f.level} ${f.spec}`),
    `  shrunk counterexample: ${visibleText(JSON.stringify(finding.counterexample)).slice(0, 600)}`,
    `  replay (seed + path): ${finding.replayCommand}`,
  ];
  if (finding.dependsOn) lines.push(`  depends on: ${visibleText(finding.dependsOn)}`);
  if (finding.replayFileCommand) lines.push(`  replay the saved bytes: ${finding.replayFileCommand}`);
  if (finding.signature) {
    const folded = finding.duplicates ? ` (${finding.duplicates} more of this run folded into it)` : '';
    lines.push(`  signature: ${finding.signature}${folded}`);
  }
  return lines.join('\n');
}

/** "2 × time budget used up before it started; 1 × server lists no tools": skipped properties by reason. */
function skippedReasons(reasons: string[]): string {
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].map(([reason, n]) => `${n} × ${visibleText(reason)}`).join('; ');
}

export function fuzzSummary(results: RunResults): string {
  const fuzz = results.fuzz;
  const lines: string[] = [];
  for (const finding of [...(fuzz?.findings ?? []), ...(fuzz?.warnings ?? [])]) lines.push(findingBlock(finding), '');
  const cases = (fuzz?.campaigns ?? []).reduce((sum, c) => sum + c.runs, 0);
  const properties = (fuzz?.campaigns ?? []).flatMap((c) => c.properties ?? []);
  const skipped = properties.filter((p) => p.skipped);
  const stopped = properties.filter((p) => p.interrupted && !p.skipped).length;
  lines.push(
    `mcp-conform fuzz — ${results.target.transport} target ${visibleText(results.target.description)}${results.shard ? `, shard ${results.shard.index}/${results.shard.count}` : ''}`,
  );
  lines.push(
    `seed ${fuzz?.seed ?? '?'}: ${properties.length - skipped.length} properties, ${cases} cases, ${fuzz?.findings.length ?? 0} finding(s), ${fuzz?.warnings?.length ?? 0} warning(s) in ${seconds(results.durationMs)}`,
  );
  const seen = seenFindingsLine(fuzz);
  if (seen) lines.push(seen);
  if (skipped.length > 0)
    lines.push(
      `skipped ${skipped.length} propert${skipped.length === 1 ? 'y' : 'ies'}: ${skippedReasons(skipped.map((p) => p.skipped!))}`,
    );
  if (stopped > 0)
    lines.push(
      `not exhausted: ${stopped} propert${stopped === 1 ? 'y' : 'ies'} stopped by the time budget before all their runs (each gets a fair share of --time-budget)`,
    );
  const inconclusive = inconclusiveProperties(fuzz);
  if (inconclusive.length > 0)
    lines.push(
      `inconclusive: ${inconclusive.length} propert${inconclusive.length === 1 ? 'y' : 'ies'} with cases that got no answer in time (silence decides nothing; a longer --timeout, or --known for a server known to drop such messages): ${inconclusive.map((p) => p.id).join(', ')}`,
    );
  const known = properties.reduce((sum, p) => sum + (p.known ?? 0), 0);
  if (known > 0) lines.push(`known: ${known} case(s) matched the known-findings file and did not count`);
  const speeds = (fuzz?.campaigns ?? [])
    .filter((c) => c.casesPerSecond !== undefined)
    .map((c) => `${c.campaign} ${c.casesPerSecond}${c.pipelined ? ` (${c.pipelined} of ${c.runs} pipelined)` : ''}`);
  if (speeds.length > 0) lines.push(`cases/s: ${speeds.join(', ')}`);
  const classes = campaignClasses(fuzz);
  if (classes) lines.push(`response classes: ${classes}`);
  for (const note of fuzz?.notes ?? []) lines.push(`note: ${visibleText(note)}`);
  for (const error of fuzz?.errors ?? []) lines.push(`error: ${visibleText(error)}`);
  if (results.error) lines.push(`error: ${visibleText(results.error)}`);
  lines.push(`outcome: ${outcomeText(results.outcome, results.exitCode)}`);
  return lines.join('\n');
}
