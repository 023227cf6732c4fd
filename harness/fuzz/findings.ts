// Turns a failing property run into a finding: the shrunk counterexample, every broken rule with
// its spec link, the command that regenerates it (seed + path), and the saved case file.
import type { WireEntry } from '../recorder/wire-log.js';
import { computeSignature } from '../results/finding-signature.js';
import type { FuzzFinding } from '../results/fuzz-results.js';
import { CASE_FILE_FORMAT, writeCaseFile, type CaseFile } from './case-file.js';
import { levelOf, type PropertyOutcome } from './run-property.js';
import { shellLine, shellWord } from './shell-words.js';

export interface FindingContext {
  /** How the user named the target on the command line, e.g. ['--stdio', 'node server.js']. */
  targetWords: string[];
  targetDescription: string;
  /** Saved in the case file so `replay FILE` finds the target again. */
  targetSpec?: CaseFile['targetSpec'];
  findingsDir: string;
  /** The command name to print, default `mcp-conform`. */
  command?: string;
  /** Leave the case file unwritten (tests of the runner itself). */
  noFile?: boolean;
}

const MAX_TRANSCRIPT = 400;

/** The case's wire log as evidence. Raw fuzz sends register no ids, so the transport's "unknown id" labels are ours to drop: the judge matched ids itself. */
export function transcriptOf(entries: WireEntry[]): WireEntry[] {
  const cleaned = entries.map((entry) => {
    if (entry.anomaly !== 'unknown-id') return entry;
    const { anomaly: _anomaly, note: _note, ...rest } = entry;
    return rest;
  });
  if (cleaned.length <= MAX_TRANSCRIPT) return cleaned;
  return [...cleaned.slice(0, MAX_TRANSCRIPT / 2), ...cleaned.slice(-MAX_TRANSCRIPT / 2)];
}

export function seedPathCommand(
  outcome: Pick<PropertyOutcome, 'property' | 'seed' | 'path'>,
  ctx: FindingContext,
): string {
  // A server command given after `--` must come last: everything after it is the server's.
  const dashdash = ctx.targetWords.indexOf('--');
  const flags = dashdash === -1 ? ctx.targetWords : ctx.targetWords.slice(0, dashdash);
  const server = dashdash === -1 ? [] : ctx.targetWords.slice(dashdash);
  const words = [
    ctx.command ?? 'mcp-conform',
    'fuzz',
    ...flags,
    '--revision',
    outcome.property.revision,
    '--campaign',
    outcome.property.id,
    '--seed',
    String(outcome.seed),
  ];
  if (outcome.path !== undefined) words.push('--path', outcome.path);
  return shellLine([...words, ...server]);
}

export function recordFinding(outcome: PropertyOutcome, ctx: FindingContext): FuzzFinding {
  const failure = outcome.failure!;
  const property = outcome.property;
  const failures = failure.failures.map((f) => ({
    message: f.message,
    spec: f.spec,
    level: f.level,
    invariant: f.invariant,
  }));
  const replayCommand = seedPathCommand(outcome, ctx);
  const transcript = transcriptOf(failure.run.entries);
  const finding: FuzzFinding = {
    id: `fuzz/${property.id}`,
    campaign: `${property.revision}/${property.campaign}`,
    property: property.slug,
    revision: property.revision,
    level: levelOf(failure.failures),
    spec: failures[0].spec,
    message: failures[0].message,
    seed: outcome.seed,
    path: outcome.path,
    counterexample: failure.input,
    replayCommand,
    title: property.title,
    requirement: property.requirement,
    transport: failure.run.transport,
    failures,
    numRuns: outcome.numRuns,
    numShrinks: outcome.numShrinks,
    dependsOn: outcome.dependence?.note,
    transcript,
  };
  finding.signature = computeSignature(finding);
  // A connection finding needs the property's whole run: its seed replays it, one saved case would not.
  if (ctx.noFile || failure.wholeConnection) return finding;
  const file: CaseFile = {
    format: CASE_FILE_FORMAT,
    id: finding.id,
    property: {
      id: property.id,
      title: property.title,
      requirement: property.requirement,
      level: property.level,
      spec: property.specUrl,
    },
    revision: property.revision,
    transport: failure.run.transport,
    target: ctx.targetDescription,
    targetSpec: ctx.targetSpec,
    seed: outcome.seed,
    path: outcome.path,
    counterexample: failure.input,
    case: failure.fuzzCase,
    dependence: outcome.dependence,
    failures,
    replayCommand,
    wire: failure.run.entries,
    createdAt: new Date().toISOString(),
  };
  finding.file = writeCaseFile(ctx.findingsDir, file);
  finding.replayFileCommand = `${ctx.command ?? 'mcp-conform'} replay ${shellWord(finding.file)}`;
  return finding;
}
