// One conformance run: pick revisions (probe or as asked), run each suite, assemble the results.
import type { Check } from '../checks/check.js';
import { REVISIONS, type Revision } from '../model.js';
import { probeTarget, type ProbeOutcome } from './probe.js';
import type { CheckResult, RevisionRun, RunResults } from '../results/results.js';
import { resultsHeader } from './results-header.js';
import { printLargeEntriesOnce } from './printed-once.js';
import { RevisionRunner } from './revision-run.js';
import { TargetUnreachable } from './revision-session.js';
import { Slots } from './pool.js';
import { AnswersInFlight } from '../recorder/answers-in-flight.js';
import { WholeBudget } from '../recorder/wire-log.js';
import { computeMatrix } from '../results/matrix.js';
import { selectIds } from '../results/select.js';
import { settleOutcome } from '../results/baseline.js';
import { stampProfiles, type FrozenProfile } from '../results/check-profile.js';
import { inShard, type ShardSpec } from '../results/shard.js';
import { defaultSettings, type RunSettings } from './settings.js';

/** Confirming runs that end without an answer, in a row, before the rest are left unconfirmed. */
const GIVE_UP_AFTER_SILENT_CONFIRMATIONS = 2;

export interface RunRequest extends Partial<Omit<RunSettings, 'target'>> {
  target: RunSettings['target'];
  checks: Check[];
  /** 'auto' (default): probe the server and run every revision it claims. */
  revisions?: Revision[] | 'auto';
  select?: string[];
  skip?: string[];
  /** Run only this shard's checks (`--shard i/n`); post-phase checks run in every shard. */
  shard?: ShardSpec;
  /** The frozen profiles the revisions are scored against; checks they do not name are pending. */
  profiles?: readonly FrozenProfile[];
}

export async function runChecks(request: RunRequest): Promise<RunResults> {
  const settings = defaultSettings(request.target, request);
  const startedAt = new Date();
  const started = performance.now();
  const revisionsOption = request.revisions ?? 'auto';
  let probe: ProbeOutcome | undefined;
  let error: string | undefined;
  let chosen: Array<{ revision: Revision; because: string }> = [];

  if (revisionsOption === 'auto') {
    probe = await probeTarget(settings);
    if (probe.unreachable) error = probe.unreachable;
    else if (probe.claimed.length === 0) {
      error = `server claims neither ${REVISIONS.join(' nor ')} (${probe.evidence.join('; ')}); use --revision to test one anyway`;
    }
    chosen = probe.claimed.map((revision) => ({
      revision,
      because: `server claims it: ${probe!.evidence.join('; ')}`,
    }));
  } else {
    chosen = revisionsOption.map((revision) => ({ revision, because: 'requested with --revision' }));
  }

  const runs: RevisionRun[] = [];
  const checks: CheckResult[] = [];
  if (!error) {
    const plan = chosen
      .map(({ revision, because }) => ({
        revision,
        because,
        selected: selectIds(
          request.checks.filter((check) => check.revision === revision),
          request.select,
          request.skip,
        ).filter((check) => check.phase === 'post' || inShard(check.id, request.shard)),
      }))
      .filter((part) => part.selected.length > 0);
    // Revisions use separate connections, so they run side by side, sharing the concurrency bound.
    // One budget of whole messages for the run, and one count of the answers its checks in flight
    // hold: past that count the pool starts no further check (checks already running go on).
    const shares = { wholeBudget: new WholeBudget(), answers: new AnswersInFlight() };
    const slots = new Slots(settings.concurrency, (running) => shares.answers.admitsAnother(running));
    const total = plan.reduce((sum, part) => sum + part.selected.length, 0);
    let done = 0;
    const onDone = (result: CheckResult) => settings.progress?.onCheckDone?.(result, ++done, total);
    for (const part of plan) settings.progress?.onRevisionStart?.(part.revision, part.selected.length);
    const runners = plan.map(
      (part) => new RevisionRunner(part.revision, part.selected, settings, part.because, shares),
    );
    const outcomes = await Promise.allSettled(runners.map((runner) => runner.run(slots, onDone)));
    // Every non-pass again, one at a time across all revisions, before anything is reported; a
    // server that stopped answering altogether is not waited out once per check.
    let silentInARow = 0;
    for (const [index, runner] of runners.entries()) {
      if (outcomes[index].status !== 'fulfilled') continue;
      for (const result of runner.pending()) {
        if (silentInARow >= GIVE_UP_AFTER_SILENT_CONFIRMATIONS) {
          runner.leaveUnconfirmed(
            result,
            `not confirmed: the last ${silentInARow} confirming runs got no answer in time`,
            onDone,
          );
          continue;
        }
        const settled = await runner.confirm(result, onDone);
        silentInARow = settled?.attempts?.[1]?.verdict === 'error' ? silentInARow + 1 : 0;
      }
    }
    const silent: Array<{ revision: Revision; reason: string }> = [];
    for (const [index, runner] of runners.entries()) {
      const outcome = outcomes[index];
      const finished = await runner.finish();
      if (outcome.status === 'fulfilled') {
        runs.push(finished.run);
        checks.push(...finished.results);
      } else if (outcome.reason instanceof TargetUnreachable) {
        silent.push({ revision: runner.revision, reason: outcome.reason.message });
        // A revision asked for (or claimed) never vanishes: it stays in the results with its error.
        runs.push(runner.describe(outcome.reason.message));
      } else throw outcome.reason;
    }
    // One line when every revision failed the same way (a dead server), else one part per revision.
    const reasons = [...new Set(silent.map((part) => part.reason))];
    if (silent.length > 0)
      error =
        silent.length === plan.length && reasons.length === 1
          ? reasons[0]
          : silent.map((part) => `${part.revision}: ${part.reason}`).join('; ');
  }

  printLargeEntriesOnce(runs, checks);
  const interrupted = settings.signal?.aborted === true;
  const stamped = stampProfiles(
    { revisions: runs, checks },
    request.profiles ?? [],
    new Set(request.checks.map((check) => check.id)),
  );
  // settleOutcome is the one judge of every results file (run, fuzz, report, merge): a revision
  // that could not be reached fails the run even when the other one passed.
  return settleOutcome({
    ...resultsHeader(settings.target, startedAt, started),
    options: {
      strict: settings.strict,
      revisions: revisionsOption === 'auto' ? 'auto' : revisionsOption.join(','),
      select: request.select,
      skip: request.skip,
    },
    probe: probe ? { claimed: probe.claimed, evidence: probe.evidence } : undefined,
    ...stamped,
    matrix: runs.length > 0 ? computeMatrix(runs, checks) : undefined,
    error: error ?? (interrupted ? 'run interrupted before all checks finished' : undefined),
    interrupted: interrupted || undefined,
    shard: request.shard && {
      ...request.shard,
      everyShard: request.checks.filter((c) => c.phase === 'post').map((c) => c.id),
      order: request.checks.map((c) => c.id),
    },
  });
}
