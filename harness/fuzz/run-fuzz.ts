// A fuzz run: pick revisions (probe or as asked), then for each one start the live target and run
// every selected property in turn, each within its share of the time budget; findings, warnings
// and per-campaign summaries go into the same results file the checks use, and the outcome is
// settled as `report` settles it.
import { REVISIONS, type Revision } from '../model.js';
import { summarizeProfile } from '../runner/profile-summary.js';
import { probeTarget } from '../runner/probe.js';
import { settleOutcome } from '../results/baseline.js';
import type { RevisionRun, RunResults } from '../results/results.js';
import { resultsHeader } from '../runner/results-header.js';
import type { FuzzCampaignSummary, FuzzFinding, FuzzResults } from '../results/fuzz-results.js';
import { dedupeFindings } from '../results/finding-signature.js';
import { markSeen, type SeenFindings } from '../results/seen-findings.js';
import { defaultSettings, type ToolCallPolicy } from '../runner/settings.js';
import { matchesPattern } from '../results/select.js';
import type { KnownFuzz } from '../results/fuzz-known.js';
import { inShard, type ShardSpec } from '../results/shard.js';
import { createWireValidator } from '../schema/index.js';
import type { TargetSpec } from '../target.js';
import { MIN_CASES, TimeBudget } from './budget.js';
import { cutShort, EXTRA_PASSES, mergeOutcomes, MIN_TIME_LEFT_MS, passSeed } from './time-left.js';
import type { ExecuteOptions } from './execute.js';
import { recordFinding, type FindingContext } from './findings.js';
import { LiveTarget } from './live-target.js';
import type { Campaign, FuzzProperty } from './property.js';
import { runProperty, type PropertyOutcome } from './run-property.js';
import { SilenceBook } from './silence.js';
import { belowFloorNote, casesPerSecond } from './throughput.js';

export interface FuzzProgress {
  /** `pass` 0 is the run itself; 1, 2, ... give the time left to the properties cut short, on `seed`. */
  onRevision?(revision: Revision, properties: number, pass: number, seed: number): void;
  onPropertyStart?(property: FuzzProperty): void;
  onCase?(property: FuzzProperty, done: number, failed: boolean): void;
  onPropertyDone?(outcome: PropertyOutcome, finding?: FuzzFinding): void;
}

export interface FuzzRequest {
  target: TargetSpec;
  revisions: Revision[] | 'auto';
  campaigns: Campaign[];
  /** --campaign: a campaign name (`ids`), or a property id prefix or glob (`2026-07-28/ids/same-id`). */
  select?: string[];
  /** Run only this shard's properties (`--shard i/n`), split by a stable hash of the property id. */
  shard?: ShardSpec;
  seed: number;
  runs: number;
  /** Shared by the selected properties: each gets a fair share of what is left when it starts. */
  timeBudgetMs?: number;
  path?: string;
  shrinkBudgetMs: number;
  execute: ExecuteOptions;
  toolCalls: ToolCallPolicy;
  /** SHOULD-level findings fail the run too. */
  strict: boolean;
  /** false: a stdio server is started cold at each replacement (harness/fuzz/warm-spare.ts). */
  warmSpares?: boolean;
  /** Findings already known for this server (`--known`): they neither fail the run nor stop a property. */
  known?: KnownFuzz;
  /** Findings of an earlier run (`--seen-findings`): a finding with a signature they list is marked as seen. */
  seen?: SeenFindings;
  /** `--new-only`: a finding seen before is reported but does not fail the run. */
  newOnly?: boolean;
  /** Revisions the server speaks, as the probe of an auto run found them (filled in by runFuzz). */
  claimed?: Revision[];
  findings: FindingContext;
  progress?: FuzzProgress;
  signal?: AbortSignal;
}

export function selectProperties(
  campaigns: Campaign[],
  select: string[] | undefined,
  shard?: ShardSpec,
): FuzzProperty[] {
  const all = campaigns.flatMap((campaign) => campaign.properties).filter((p) => inShard(p.id, shard));
  if (!select || select.length === 0) return all;
  return all.filter((p) =>
    select.some((pattern) => (pattern.includes('/') ? matchesPattern(p.id, pattern) : p.campaign === pattern)),
  );
}

/** A SHOULD-level finding fails the run only with --strict; a MAY-level one never does (as for checks). */
export function findingFails(level: FuzzFinding['level'], strict: boolean): boolean {
  return level === 'MUST' || level === undefined || (strict && level === 'SHOULD');
}

export const TIME_BUDGET_SPENT = 'time budget used up before it started';

interface RevisionOutcome {
  run?: RevisionRun;
  outcomes: PropertyOutcome[];
  restarts: number;
  unreachable?: string;
}

/** What one pass over a revision's properties shares with the rest of the run. */
interface PassContext {
  budget: TimeBudget;
  found: (outcome: PropertyOutcome) => FuzzFinding | undefined;
  silences: SilenceBook;
  /** 0 for the first pass, then each pass over the time left. */
  pass: number;
  /** Cases each property ran in the passes before this one. */
  casesBefore?: Map<string, number>;
}

async function fuzzRevision(
  revision: Revision,
  properties: FuzzProperty[],
  request: FuzzRequest,
  turn: PassContext,
): Promise<RevisionOutcome> {
  const { budget, found, silences, pass } = turn;
  const started = performance.now();
  const target = new LiveTarget({
    target: request.target,
    revision,
    timeoutMs: request.execute.timeoutMs,
    warmSpares: request.warmSpares,
  });
  const validator = createWireValidator(revision);
  const outcomes: PropertyOutcome[] = [];
  try {
    const problem = await target.start();
    if (problem) return { outcomes, restarts: 0, unreachable: `${revision}: ${problem}` };
    const applicable = properties.filter((p) => p.transports.includes(target.transport));
    request.progress?.onRevision?.(revision, applicable.length, pass, request.seed);
    for (const property of applicable) {
      if (request.signal?.aborted) break;
      const times = budget.nextTurn();
      if (budget.spent) {
        outcomes.push({
          property,
          cases: 0,
          numRuns: 0,
          numShrinks: 0,
          seed: request.seed,
          interrupted: true,
          crashes: 0,
          durationMs: 0,
          undecided: 0,
          known: 0,
          skipped: TIME_BUDGET_SPENT,
        });
        continue;
      }
      request.progress?.onPropertyStart?.(property);
      const outcome = await runProperty(property, target, {
        seed: request.seed,
        runs: request.runs,
        path: request.path,
        deadline: times?.hard,
        share: times && {
          until: times.share,
          minCases: Math.max(0, MIN_CASES - (turn.casesBefore?.get(property.id) ?? 0)),
        },
        // First pass under a budget: a property the server is silent to gives way, and gets the time left.
        yieldOnSilence: pass === 0 && times !== undefined,
        silences: silences.of(property.id),
        shrinkBudgetMs: request.shrinkBudgetMs,
        execute: request.execute,
        toolCalls: request.toolCalls,
        validator,
        onCase: (done, failed) => request.progress?.onCase?.(property, done, failed),
        known: request.known,
        claimed: request.claimed,
        signal: request.signal,
      }).catch(
        (error: unknown): PropertyOutcome => ({
          property,
          cases: 0,
          numRuns: 0,
          numShrinks: 0,
          seed: request.seed,
          interrupted: false,
          crashes: 0,
          durationMs: 0,
          undecided: 0,
          known: 0,
          error: `harness error: ${(error as Error).message}`,
        }),
      );
      outcomes.push(outcome);
      const finding = found(outcome);
      request.progress?.onPropertyDone?.(outcome, finding);
    }
    const run: RevisionRun = {
      revision,
      selectedBecause: request.revisions === 'auto' ? 'the server claims it' : 'requested with --revision',
      profile: summarizeProfile(target.profile),
      durationMs: Math.round(performance.now() - started),
      discoveryTranscript: [],
    };
    return { run, outcomes, restarts: target.restarts };
  } finally {
    await target.close();
  }
}

/** Extra passes over the properties cut short while the budget lasts; a note says what they got, if any ran. */
async function giveTimeLeft(
  visited: Array<{ revision: Revision; outcome: RevisionOutcome }>,
  request: FuzzRequest,
  deadline: number | undefined,
  found: (outcome: PropertyOutcome) => FuzzFinding | undefined,
  silences: SilenceBook,
): Promise<string | undefined> {
  if (deadline === undefined || request.path !== undefined) return undefined;
  const given: string[] = [];
  for (let pass = 1; pass <= EXTRA_PASSES; pass++) {
    const short = (o: PropertyOutcome) => cutShort(o, TIME_BUDGET_SPENT);
    const count = visited.reduce((n, v) => n + v.outcome.outcomes.filter(short).length, 0);
    const left = deadline - performance.now();
    if (count === 0 || left < MIN_TIME_LEFT_MS || request.signal?.aborted) break;
    given.push(`${(left / 1000).toFixed(1)} s to ${count} (seed ${passSeed(request.seed, pass)})`);
    const budget = new TimeBudget(deadline, count);
    const again = { ...request, seed: passSeed(request.seed, pass) };
    for (const { revision, outcome } of visited) {
      const properties = outcome.outcomes.filter(short).map((o) => o.property);
      if (properties.length === 0 || outcome.unreachable) continue;
      const casesBefore = new Map(outcome.outcomes.map((o) => [o.property.id, o.cases]));
      const more = await fuzzRevision(revision, properties, again, { budget, found, silences, pass, casesBefore });
      outcome.restarts += more.restarts;
      for (const later of more.outcomes) {
        const at = outcome.outcomes.findIndex((o) => o.property.id === later.property.id);
        outcome.outcomes[at] = mergeOutcomes(outcome.outcomes[at], later);
      }
    }
  }
  return given.length === 0
    ? undefined
    : `time left after every property's share went to the properties cut short: ${given.join('; then ')}`;
}

function campaignSummaries(
  revision: Revision,
  outcomes: PropertyOutcome[],
  findings: FuzzFinding[],
  restarts: number,
  seed: number,
): FuzzCampaignSummary[] {
  const names = [...new Set(outcomes.map((o) => o.property.campaign))];
  return names.map((name) => {
    const mine = outcomes.filter((o) => o.property.campaign === name);
    const ids = new Set(findings.map((f) => f.id));
    const runs = mine.reduce((sum, o) => sum + o.cases, 0);
    const durationMs = mine.reduce((sum, o) => sum + o.durationMs, 0);
    const classKeys = [...new Set(mine.flatMap((o) => o.classes ?? []))].sort();
    const seeded = new Set(mine.flatMap((o) => (o.classes ?? []).filter((c) => !o.guidedClasses?.includes(c))));
    return {
      campaign: `${revision}/${name}`,
      revision,
      runs,
      seed,
      durationMs,
      casesPerSecond: casesPerSecond(runs, durationMs),
      pipelined: mine.reduce((sum, o) => sum + (o.pipelined ?? 0), 0) || undefined,
      findings: mine.filter((o) => ids.has(`fuzz/${o.property.id}`)).length,
      warnings: mine.filter((o) => o.failure && !ids.has(`fuzz/${o.property.id}`)).length,
      restarts,
      classes: classKeys.length,
      classKeys,
      guidedClasses: classKeys.filter((c) => !seeded.has(c)).length,
      properties: mine.map((o) => ({
        id: o.property.id,
        cases: o.cases,
        finding: ids.has(`fuzz/${o.property.id}`) || undefined,
        warning: (o.failure && !ids.has(`fuzz/${o.property.id}`)) || undefined,
        skipped: o.skipped,
        error: o.error,
        interrupted: o.interrupted || undefined,
        undecided: o.undecided || undefined,
        undecidedExample: o.undecidedExample,
        known: o.known || undefined,
        classes: o.classes?.length,
        guidedClasses: o.guidedClasses?.length,
        guidedRuns: o.guidedRuns || undefined,
        level: o.property.level,
        title: o.property.title,
        spec: o.property.specUrl,
        durationMs: o.durationMs,
      })),
    };
  });
}

export async function runFuzz(request: FuzzRequest): Promise<RunResults> {
  const startedAt = new Date();
  const started = performance.now();
  const deadline = request.timeBudgetMs === undefined ? undefined : started + request.timeBudgetMs;
  const fuzz: FuzzResults = {
    campaigns: [],
    findings: [],
    warnings: [],
    seed: request.seed,
    budget: { runs: request.runs, timeBudgetMs: request.timeBudgetMs },
    errors: [],
    seenFindings: request.seen?.files,
    newOnly: request.newOnly || undefined,
  };
  let error: string | undefined;
  let chosen: Revision[] = request.revisions === 'auto' ? [] : request.revisions;
  let probeEvidence: { claimed: Revision[]; evidence: string[] } | undefined;
  if (request.revisions === 'auto') {
    const probe = await probeTarget(defaultSettings(request.target, { requestTimeoutMs: request.execute.timeoutMs }));
    probeEvidence = { claimed: probe.claimed, evidence: probe.evidence };
    if (probe.unreachable) error = probe.unreachable;
    else if (probe.claimed.length === 0)
      error = `server claims neither ${REVISIONS.join(' nor ')} (${probe.evidence.join('; ')}); use --revision to fuzz one anyway`;
    chosen = probe.claimed;
    request = { ...request, claimed: probe.claimed };
  }
  const selected = selectProperties(request.campaigns, request.select, request.shard);
  // Properties for another transport never ask for a share of the budget.
  const budget = new TimeBudget(
    deadline,
    selected.filter((p) => chosen.includes(p.revision) && p.transports.includes(request.target.kind)).length,
  );
  const runs: RevisionRun[] = [];
  const unreachable: string[] = [];
  const found = (outcome: PropertyOutcome): FuzzFinding | undefined => {
    if (!outcome.failure) return undefined;
    const finding = markSeen(recordFinding(outcome, request.findings), request.seen);
    const list = findingFails(finding.level, request.strict) ? fuzz.findings : fuzz.warnings!;
    // One defect, one finding: another of the same signature is counted on the first, not listed again.
    list.splice(0, list.length, ...dedupeFindings([...list, finding]));
    return finding;
  };
  if (!error) {
    const visited: Array<{ revision: Revision; outcome: RevisionOutcome }> = [];
    // What each property learnt of the server's silence carries over to the passes that give it time left.
    const silences = new SilenceBook();
    for (const revision of chosen) {
      if (request.signal?.aborted) break;
      const properties = selected.filter((p) => p.revision === revision);
      if (properties.length === 0) continue;
      visited.push({
        revision,
        outcome: await fuzzRevision(revision, properties, request, { budget, found, silences, pass: 0 }),
      });
    }
    const extra = await giveTimeLeft(visited, request, deadline, found, silences);
    if (extra) (fuzz.notes ??= []).push(extra);
    for (const { revision, outcome } of visited) {
      if (outcome.unreachable) unreachable.push(outcome.unreachable);
      if (outcome.run) runs.push(outcome.run);
      const summaries = campaignSummaries(revision, outcome.outcomes, fuzz.findings, outcome.restarts, request.seed);
      fuzz.campaigns!.push(...summaries);
      for (const summary of summaries) {
        const note = belowFloorNote(summary.campaign, request.target.kind, summary.runs, summary.durationMs ?? 0);
        if (note) (fuzz.notes ??= []).push(note);
      }
      fuzz.errors!.push(...outcome.outcomes.filter((o) => o.error).map((o) => `${o.property.id}: ${o.error}`));
    }
    if (runs.length === 0 && unreachable.length > 0) error = unreachable[0];
    // A shard may hold no property of this target: that is not an error, and the merge has the rest.
    else if (runs.length === 0 && !request.shard)
      error = 'no fuzz property applies to this target (check --campaign and --revision)';
  }
  const interrupted = request.signal?.aborted === true;
  return settleOutcome({
    ...resultsHeader(request.target, startedAt, started),
    options: {
      strict: request.strict,
      revisions: request.revisions === 'auto' ? 'auto' : request.revisions.join(','),
      select: request.select,
    },
    probe: probeEvidence,
    revisions: runs,
    checks: [],
    error: error ?? (interrupted ? 'fuzzing interrupted' : undefined),
    interrupted: interrupted || undefined,
    shard: request.shard && { ...request.shard, everyShard: [] },
    fuzz,
  });
}
