// Runs one revision's checks against the target: discovery, checks side by side, post checks,
// confirmation, teardown. Every check ends with a verdict (verdict-rules.ts) and its own slice of
// the wire log; connections and the profile are the session's (revision-session.ts).
import { stderrGist } from '../stderr-gist.js';
import type { Check } from '../checks/check.js';
import type { Client } from '../lifecycles/client.js';
import type { Revision } from '../model.js';
import { abridge, shortenString } from '../recorder/abridge.js';
import type { Attempt, CheckResult, RevisionRun } from '../results/results.js';
import { budgetNotes } from './budget-notes.js';
import { boundNotes, boundTranscript, describeCheck, MAX_REASON, notRun, withLateAnswers } from './check-result.js';
import { makeContext } from './check-context.js';
import { attemptOf, needsConfirmation, settleAttempts } from './confirm.js';
import { runPool, runsAlone, type Slots } from './pool.js';
import { MAX_ANSWER_BYTES_IN_FLIGHT } from '../recorder/answers-in-flight.js';
import { summarizeProfile } from './profile-summary.js';
import { budgetUnasked, UNASKED_BYTES_PER_CHECK } from './transcript-budget.js';
import { RevisionSession, type RunShares, TargetUnreachable } from './revision-session.js';
import type { RunSettings } from './settings.js';
import { CheckTimeout, notApplicable, type Outcome, settleVerdict, verdictFor } from './verdict-rules.js';

const HELD_BACK = `checks started late: the checks in flight held the answer bytes allowed (${MAX_ANSWER_BYTES_IN_FLIGHT / 1024 / 1024} MB, each reckoned at the largest answer seen)`;

export interface AttemptPlan {
  /** Per-request timeout for this run of the check. */
  timeoutMs: number;
}

async function runOneCheck(check: Check, session: RevisionSession, plan: AttemptPlan): Promise<CheckResult> {
  const started = performance.now();
  const notes: string[] = [];
  const own: Client[] = [];
  const settings = session.settings;
  let outcome: Outcome;
  let client: Client | undefined;
  const skipBecause = notApplicable(check, settings.target.kind, session.profile!);
  const logStart = session.recorder.nextSeq;
  if (skipBecause) {
    outcome = { verdict: 'skip', reason: skipBecause };
  } else {
    session.inFlight++;
    try {
      const need = check.connection ?? 'shared';
      if (need === 'shared') {
        client = (await session.sharedClient()).bind(check.id, plan.timeoutMs);
        client.connection.enterCheck(check.id);
      } else {
        client = await session.open(check.id, { initialize: need === 'fresh' }, session.revision, plan.timeoutMs);
        own.push(client);
      }
      const ctx = makeContext(check, session, client, own, notes, plan.timeoutMs);
      // The backstop grows with the request timeout, and leaves a stdio process its start-up allowance.
      const scale = plan.timeoutMs / settings.requestTimeoutMs;
      const startup = settings.target.kind === 'stdio' ? settings.limits.process.startupMs : 0;
      const timeoutMs = Math.round((check.timeoutMs ?? settings.checkTimeoutMs) * scale) + startup;
      let timer: NodeJS.Timeout | undefined;
      const backstop = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new CheckTimeout(`check did not finish within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([check.run(ctx), backstop]);
        outcome = verdictFor(check, undefined, settings.strict);
      } finally {
        clearTimeout(timer);
      }
    } catch (error) {
      outcome = verdictFor(check, error, settings.strict);
    } finally {
      session.inFlight--;
      if (client && !own.includes(client)) client.connection.leaveCheck(check.id);
      await Promise.all(own.map((c) => c.connection.close().catch(() => undefined)));
    }
  }
  const ownEntries = session.recorder.forCheck(check.id).filter((entry) => entry.seq >= logStart);
  outcome = settleVerdict(check, outcome, {
    own: ownEntries,
    profile: session.profile,
    interrupted: settings.signal?.aborted === true,
  });
  const bounded = boundTranscript(ownEntries, settings.maxTranscriptEntries);
  const { transcript, notKept } = budgetUnasked(bounded.transcript);
  if (notKept > 0)
    notes.push(
      `${notKept} server requests, notifications or stray output kept in the transcript without their content (${UNASKED_BYTES_PER_CHECK / 1024} KB per check)`,
    );
  return {
    ...describeCheck(check, settings),
    verdict: outcome.verdict,
    reason: outcome.reason === undefined ? undefined : shortenString(outcome.reason, MAX_REASON),
    expected: abridge(outcome.evidence?.expected),
    actual: abridge(outcome.evidence?.actual),
    durationMs: Math.round(performance.now() - started),
    notes: boundNotes(notes),
    transcript,
    transcriptDropped: bounded.dropped,
  };
}

/**
 * One revision's run in three steps, so that a run of several revisions can confirm its
 * non-passes with nothing else in flight: run (every check, side by side), confirm (each
 * non-pass again, alone), finish (close, describe).
 */
export class RevisionRunner {
  readonly session: RevisionSession;
  private readonly results: CheckResult[] = [];
  private readonly started = performance.now();
  private readonly onAbort = () => void this.session.close();

  constructor(
    readonly revision: Revision,
    private readonly checks: Check[],
    private readonly settings: RunSettings,
    private readonly selectedBecause: string,
    private readonly shares: RunShares = {},
  ) {
    this.session = new RevisionSession(revision, settings, shares);
    settings.signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  private stopped(): boolean {
    return this.settings.signal?.aborted === true;
  }

  /** Discovery, then every check; `onDone` hears each result that needs no confirmation. */
  async run(slots: Slots, onDone: (result: CheckResult) => void = () => undefined): Promise<void> {
    const { session, settings, revision } = this;
    const profile = await session.discover();
    const heard = session.recorder
      .forCheck(`${revision}/discovery`)
      .some((entry) => entry.direction === 'server->client' && entry.kind === 'message');
    // The problem reads "server/discover failed: <why>"; the why is the same for both revisions of a dead server.
    if (!heard && !profile.notServed) {
      const why = profile.problems[0]?.replace(/^\S+ failed: /, '') ?? 'target produced no JSON-RPC response';
      const gist = stderrGist(session.stderr()?.replace(/^\[[^\]\n]+\]$/gm, '') ?? '');
      throw new TargetUnreachable(gist && !why.includes('stderr:') ? `${why}; stderr: ${gist}` : why);
    }
    // Without capabilities nothing can be judged; a list that never answered is a problem noted,
    // and the checks that would skip for want of its items are inconclusive instead (unknownList).
    if (session.discoveryWait && !profile.notServed && !profile.capabilities)
      throw new TargetUnreachable(`discovery did not finish: ${session.discoveryWait}`);
    for (const method of profile.unansweredLists ?? [])
      session.note(
        `discovery: ${method} got no answer in time (${session.discoveryWait ?? 'timeout'}); the run goes on, and checks that need its items are inconclusive`,
      );
    const main = this.checks.filter((check) => (check.phase ?? 'main') === 'main');
    const post = this.checks.filter((check) => check.phase === 'post');
    const task = (check: Check) => ({
      exclusive: runsAlone(check, settings.target.kind),
      run: async () => {
        settings.progress?.onCheckStart?.(check.id);
        const concurrent = session.inFlight;
        this.shares.answers?.open(check.id);
        const result = await runOneCheck(check, session, { timeoutMs: session.requestTimeoutMs }).finally(() =>
          this.shares.answers?.close(check.id),
        );
        this.results.push(result);
        this.firstAttempts.set(result.id, attemptOf(result, session.requestTimeoutMs, concurrent));
        if (!needsConfirmation(result)) onDone(result);
      },
    });
    const heldBack = () => session.recorder.spent.note(HELD_BACK);
    await runPool(main.map(task), slots, () => this.stopped(), heldBack);
    // Post checks read the whole log: one at a time, after everything else of this revision.
    await runPool(
      post.map((check) => ({ ...task(check), exclusive: true })),
      slots,
      () => this.stopped(),
    );
  }

  private readonly firstAttempts = new Map<string, Attempt>();

  /** Results that a confirming run must see before they are reported. */
  pending(): CheckResult[] {
    return this.results.filter(needsConfirmation);
  }

  /** Runs one non-pass again, alone and with twice the patience, and settles its verdict. */
  async confirm(
    result: CheckResult,
    onDone: (result: CheckResult) => void = () => undefined,
  ): Promise<CheckResult | undefined> {
    const check = this.checks.find((c) => c.id === result.id);
    const index = this.results.indexOf(result);
    if (!check || index === -1 || this.stopped()) {
      onDone(result);
      return undefined;
    }
    const { session } = this;
    // Alone and with more patience than the first run: a late answer gets its chance here.
    const timeoutMs = 2 * session.requestTimeoutMs;
    this.settings.progress?.onCheckStart?.(check.id);
    const again = await runOneCheck(check, session, { timeoutMs });
    if (this.stopped()) {
      onDone(result);
      return undefined;
    }
    const first = this.firstAttempts.get(result.id) ?? attemptOf(result, session.requestTimeoutMs, 0);
    const settled = settleAttempts(withLateAnswers(result, session.recorder), again, [
      first,
      attemptOf(again, timeoutMs, 0),
    ]);
    this.results[index] = settled;
    onDone(settled);
    return settled;
  }

  /** Reports a non-pass as its first run left it, saying why it was not run again. */
  leaveUnconfirmed(result: CheckResult, why: string, onDone: (result: CheckResult) => void): void {
    const index = this.results.indexOf(result);
    const noted = { ...result, notes: [...(result.notes ?? []), why] };
    if (index !== -1) this.results[index] = noted;
    onDone(noted);
  }

  /** Closes every connection and describes the revision's run. */
  async finish(): Promise<{ run: RevisionRun; results: CheckResult[] }> {
    this.settings.signal?.removeEventListener('abort', this.onAbort);
    await this.session.close();
    if (this.stopped()) {
      const finished = new Set(this.results.map((result) => result.id));
      for (const check of this.checks) if (!finished.has(check.id)) this.results.push(notRun(check, this.settings));
    }
    const order = new Map(this.checks.map((check, index) => [check.id, index]));
    this.results.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    return { run: this.describe(), results: this.results };
  }

  describe(error?: string): RevisionRun {
    const { session } = this;
    return {
      revision: this.revision,
      selectedBecause: this.selectedBecause,
      profile: session.profile ? summarizeProfile(session.profile) : undefined,
      durationMs: Math.round(performance.now() - this.started),
      stderr: session.stderr(),
      discoveryTranscript: session.recorder.forCheck(`${this.revision}/discovery`),
      requestTimeoutMs: session.requestTimeoutMs,
      notes: orUndefined([...(session.processNotes() ?? []), ...budgetNotes(session.recorder)]),
      error,
    };
  }
}

function orUndefined(notes: string[]): string[] | undefined {
  return notes.length > 0 ? notes : undefined;
}
