// Runs one revision's checks against the target: connections, profile, checks, post checks,
// teardown. Every check ends with a verdict and its own slice of the wire log.
import { stderrGist } from '../stderr-gist.js';
import type { Check, CheckContext, FreshOptions } from '../checks/check.js';
import { CheckFailure, CheckInconclusive, CheckSkip, CheckWarning, type Evidence } from '../checks/outcome.js';
import type { Client } from '../lifecycles/client.js';
import { describeMissing, discoverSession, discoverStateless, offers, type ServerProfile } from '../lifecycles/profile.js';
import { SessionClient } from '../lifecycles/session-client.js';
import { StatelessClient } from '../lifecycles/stateless-client.js';
import { isObject, type Feature, type Revision, type Verdict } from '../model.js';
import { WireRecorder, type WireEntry } from '../recorder/wire-log.js';
import { abridge, shortenString } from '../recorder/abridge.js';
import { createWireValidator, type WireValidator } from '../schema/index.js';
import { openConnection } from '../target.js';
import type { ConnectionContext } from '../transports/connection-context.js';
import { StdioConnection } from '../transports/stdio-connection.js';
import type { Connection } from '../transports/types.js';
import { adaptedTimeout, answerTimes } from './adaptive-timeout.js';
import { attemptOf, INTERRUPTED, needsConfirmation, settleAttempts } from './confirm.js';
import { runPool, type Slots } from './pool.js';
import { summarizeProfile } from './profile-summary.js';
import type { Attempt, CatalogRow, CheckResult, RevisionRun } from '../results/results.js';
import type { RunSettings } from './settings.js';

class CheckTimeout extends Error {}

const DISCOVERY_ATTEMPTS = 3;

/** The revision's discovery heard no JSON-RPC message at all: there is nothing to judge. */
export class TargetUnreachable extends Error {}

export class RevisionSession {
  readonly recorder = new WireRecorder();
  readonly validator: WireValidator;
  readonly connections: Connection[] = [];
  private readonly context: ConnectionContext;
  private shared: Client | undefined;
  private sharedOpening: Promise<Client> | undefined;
  profile: ServerProfile | undefined;
  /** Per-request timeout: the user's floor until discovery has measured the server. */
  requestTimeoutMs: number;
  /** Checks of this revision in flight now. */
  inFlight = 0;
  /** Set when discovery still waited in vain on its last try: what it waited for. */
  discoveryWait: string | undefined;

  constructor(
    readonly revision: Revision,
    readonly settings: RunSettings,
  ) {
    this.requestTimeoutMs = settings.requestTimeoutMs;
    this.validator = createWireValidator(revision, settings.schemaSource);
    this.context = {
      recorder: this.recorder,
      validate: (message, method) => {
        const outcome = this.validator.validateServerMessage(message, method);
        return outcome.valid ? undefined : { def: outcome.def, issues: outcome.issues.map((issue) => `${issue.path || '/'} ${issue.message}`) };
      },
    };
  }

  /** Traffic of another revision's lifecycle (dual-era checks) is recorded but not judged by this revision's schema. */
  private contextFor(revision: Revision): ConnectionContext {
    return revision === this.revision ? this.context : { ...this.context, validate: undefined };
  }

  /** A new connection; 2025-11-25 runs the handshake unless told not to. */
  async open(checkId: string | undefined, options: FreshOptions = {}, revision: Revision = this.revision, timeoutMs = this.requestTimeoutMs): Promise<Client> {
    const connection = openConnection(this.settings.target, this.contextFor(revision), this.settings.limits);
    this.connections.push(connection);
    if (checkId) connection.enterCheck(checkId);
    const defaults = { timeoutMs, checkId };
    if (revision === '2026-07-28') return new StatelessClient(connection, defaults);
    const client = new SessionClient(connection, defaults);
    if (options.initialize !== false) await client.handshake();
    return client;
  }

  /** The long-lived connection; reopened if the server died under an earlier check. */
  async sharedClient(): Promise<Client> {
    if (this.shared?.connection.alive) return this.shared;
    if (!this.sharedOpening) {
      if (this.shared) this.note(`${this.shared.connection.name} is gone; opening a new shared connection`);
      this.sharedOpening = this.open(undefined).then((client) => {
        this.shared = client;
        this.sharedOpening = undefined;
        return client;
      });
    }
    return this.sharedOpening;
  }

  /**
   * The server's profile. A discovery that waited in vain is tried again with twice the patience
   * (a loaded machine, a slow start), three times at most; then the timeout adapts to the answer
   * times it measured.
   */
  async discover(): Promise<ServerProfile> {
    const tag = `${this.revision}/discovery`;
    for (let attempt = 1; ; attempt++) {
      const timeoutMs = this.requestTimeoutMs * 2 ** (attempt - 1);
      const before = this.recorder.forCheck(tag).length;
      const client = (await this.sharedClient()).bind(tag, timeoutMs);
      client.connection.enterCheck(tag);
      try {
        this.profile = this.revision === '2026-07-28' ? await discoverStateless(client) : await discoverSession(client as SessionClient);
      } finally {
        client.connection.leaveCheck(tag);
      }
      const log = this.recorder.forCheck(tag).slice(before);
      const heard = log.some((entry) => entry.direction === 'server->client' && entry.kind === 'message');
      const wait = log.find((entry) => entry.timeout);
      this.discoveryWait = wait?.note;
      if (!wait || attempt >= DISCOVERY_ATTEMPTS || (!heard && !this.sharedAlive())) break;
      this.note(`discovery: no answer within ${timeoutMs} ms; trying again with ${timeoutMs * 2} ms`);
    }
    this.requestTimeoutMs = adaptedTimeout(answerTimes(this.recorder.forCheck(tag)), { minMs: this.settings.requestTimeoutMs, maxMs: this.settings.maxRequestTimeoutMs });
    // The shared connection as discovery left it: a dead one is not reopened just for this.
    const client = this.shared?.bind(tag);
    if (client instanceof StatelessClient) {
      for (const tool of this.profile.tools) if (typeof tool.name === 'string') client.state.toolSchemas.set(tool.name, tool.inputSchema);
    }
    return this.profile!;
  }

  private sharedAlive(): boolean {
    return this.shared?.connection.alive ?? false;
  }

  note(text: string): void {
    this.recorder.record({ connection: 'harness', direction: 'harness', kind: 'note', note: text });
  }

  stderr(): string | undefined {
    const parts = this.connections
      .filter((c): c is StdioConnection => c instanceof StdioConnection)
      .map((c) => ({ name: c.name, text: c.process.stderr.toString() }))
      .filter((part) => part.text.length > 0);
    if (parts.length === 0) return undefined;
    return parts
      .map((part) => `[${part.name}]\n${part.text}`)
      .join('\n')
      .slice(-256 * 1024);
  }

  async close(): Promise<void> {
    await Promise.all(this.connections.map((connection) => connection.close().catch(() => undefined)));
  }
}

export function verdictFor(check: Check, error: unknown, strict: boolean): { verdict: Verdict; reason?: string; evidence?: Evidence } {
  if (error === undefined) return { verdict: 'pass' };
  if (error instanceof CheckSkip) return { verdict: 'skip', reason: error.reason };
  if (error instanceof CheckWarning) return { verdict: 'warn', reason: error.reason, evidence: error.evidence };
  if (error instanceof CheckFailure) {
    const failing = check.level === 'MUST' || (strict && check.level === 'SHOULD');
    return { verdict: failing ? 'fail' : 'warn', reason: error.reason, evidence: error.evidence };
  }
  if (error instanceof CheckTimeout) return { verdict: 'error', reason: error.message };
  if (error instanceof CheckInconclusive) return { verdict: 'error', reason: `inconclusive: ${error.reason}`, evidence: error.evidence };
  const message = error instanceof Error ? error.message : String(error);
  return { verdict: 'error', reason: `harness error: ${message}`, evidence: { actual: error instanceof Error ? error.stack : undefined } };
}

function applicability(check: Check, session: RevisionSession): string | undefined {
  const transport = session.settings.target.kind;
  if (!check.transports.includes(transport)) return `applies to ${check.transports.join(' and ')} only; this target is ${transport}`;
  const profile = session.profile!;
  if (profile.notServed) return profile.notServed;
  for (const feature of check.requires ?? []) {
    if (!offers(profile, feature)) return describeMissing(feature, profile);
  }
  return undefined;
}

function boundTranscript(entries: WireEntry[], max: number): { transcript: WireEntry[]; dropped?: number } {
  if (entries.length <= max) return { transcript: entries };
  const head = Math.floor(max / 3);
  const tail = max - head;
  return { transcript: [...entries.slice(0, head), ...entries.slice(entries.length - tail)], dropped: entries.length - max };
}

export interface AttemptPlan {
  /** Per-request timeout for this run of the check. */
  timeoutMs: number;
}

/** A fail or warn that rests on a request nobody answered in time says nothing about the server. */
function timeOnly(check: Check, outcome: ReturnType<typeof verdictFor>, own: WireEntry[]): ReturnType<typeof verdictFor> {
  if (check.timing || (outcome.verdict !== 'fail' && outcome.verdict !== 'warn')) return outcome;
  const waits = own.filter((entry) => entry.timeout || entry.overCap);
  if (waits.length === 0) return outcome;
  const said = waits
    .slice(0, 3)
    .map((entry) => entry.note)
    .join('; ');
  return { verdict: 'error', reason: `inconclusive: ${said} (the check would have said: ${outcome.reason ?? outcome.verdict})`, evidence: outcome.evidence };
}

/** Longest reason kept: a reason is a line to read, its evidence goes in expected/actual. */
const MAX_REASON = 1000;
const MAX_NOTES = 50;

/** Notes of a check, each short, at most MAX_NOTES of them and a count of the rest. */
function boundNotes(notes: string[]): string[] | undefined {
  if (notes.length === 0) return undefined;
  const kept = notes.slice(0, MAX_NOTES).map((note) => shortenString(note, MAX_REASON));
  return notes.length > MAX_NOTES ? [...kept, `${notes.length - MAX_NOTES} more notes not kept`] : kept;
}

/** The list each feature's items come from. */
const LIST_OF: Record<Feature, string | undefined> = {
  tools: 'tools/list',
  toolsListChanged: 'tools/list',
  resources: 'resources/list',
  resourceSubscribe: 'resources/list',
  resourcesListChanged: 'resources/list',
  resourceTemplates: 'resources/templates/list',
  prompts: 'prompts/list',
  promptsListChanged: 'prompts/list',
  completions: undefined,
  logging: undefined,
};

/** A skip that may rest on a list that never answered in discovery says nothing: inconclusive. */
function unknownList(check: Check, outcome: ReturnType<typeof verdictFor>, profile: ServerProfile | undefined): ReturnType<typeof verdictFor> {
  if (outcome.verdict !== 'skip' || !profile?.unansweredLists) return outcome;
  const lists = [...new Set((check.requires ?? []).map((feature) => LIST_OF[feature]))].filter((list) => list !== undefined && profile.unansweredLists!.includes(list));
  if (lists.length === 0) return outcome;
  return {
    verdict: 'error',
    reason: `inconclusive: ${lists.join(' and ')} got no answer in discovery (none in time, or one over the line cap), so what the server offers is unknown (the check would have said: ${outcome.reason ?? 'skip'})`,
  };
}

async function runOneCheck(check: Check, session: RevisionSession, plan: AttemptPlan): Promise<CheckResult> {
  const started = performance.now();
  const notes: string[] = [];
  const own: Client[] = [];
  const settings = session.settings;
  let outcome: ReturnType<typeof verdictFor>;
  let client: Client | undefined;
  const notApplicable = applicability(check, session);
  const logStart = session.recorder.nextSeq;
  if (notApplicable) {
    outcome = { verdict: 'skip', reason: notApplicable };
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
  outcome = timeOnly(check, outcome, ownEntries);
  outcome = unknownList(check, outcome, session.profile);
  // A check cut short by Ctrl-C has no honest verdict of its own.
  if (settings.signal?.aborted && outcome.verdict !== 'skip') outcome = { verdict: 'error', reason: INTERRUPTED };
  const { transcript, dropped } = boundTranscript(ownEntries, settings.maxTranscriptEntries);
  return {
    ...describeCheck(check, settings),
    verdict: outcome.verdict,
    reason: outcome.reason === undefined ? undefined : shortenString(outcome.reason, MAX_REASON),
    expected: abridge(outcome.evidence?.expected),
    actual: abridge(outcome.evidence?.actual),
    durationMs: Math.round(performance.now() - started),
    notes: boundNotes(notes),
    transcript,
    transcriptDropped: dropped,
  };
}

/** What a result says of its check, whatever its verdict. */
function describeCheck(check: Check, settings: RunSettings) {
  return {
    id: check.id,
    revision: check.revision,
    area: check.area,
    title: check.title,
    requirement: check.requirement,
    level: check.level,
    spec: check.specUrl,
    catalog: check.catalog,
    catalogRows: citedRows(check, settings),
    transport: settings.target.kind,
  };
}

/** The index rows a check cites, found by the lookup the face passed in; ids the index lacks are left out. */
function citedRows(check: Check, settings: RunSettings): CatalogRow[] | undefined {
  const lookup = settings.catalogLookup;
  if (!lookup || !check.catalog?.length) return undefined;
  return check.catalog.flatMap((id) => lookup(check.revision, id) ?? []);
}

function makeContext(check: Check, session: RevisionSession, client: Client, own: Client[], notes: string[], timeoutMs: number): CheckContext {
  const openOwn = async (options: FreshOptions | undefined, revision: Revision = session.revision): Promise<Client> => {
    const fresh = await session.open(check.id, options, revision, timeoutMs);
    own.push(fresh);
    return fresh;
  };
  const ctx: CheckContext<Client> = {
    check,
    revision: session.revision,
    transport: session.settings.target.kind,
    client,
    profile: session.profile!,
    schema: session.validator,
    strict: session.settings.strict,
    requestTimeoutMs: timeoutMs,
    toolCallPolicy: session.settings.toolCalls,
    wire: session.recorder,
    get connections() {
      return session.connections;
    },
    fresh: (options?: FreshOptions) => openOwn(options),
    freshAs: (<R extends Revision>(revision: R, options?: FreshOptions) => openOwn(options, revision)) as CheckContext['freshAs'],
    fail: (reason: string, evidence?: Evidence): never => {
      throw new CheckFailure(reason, evidence);
    },
    warn: (reason: string, evidence?: Evidence): never => {
      throw new CheckWarning(reason, evidence);
    },
    skip: (reason: string): never => {
      throw new CheckSkip(reason);
    },
    inconclusive: (reason: string, evidence?: Evidence): never => {
      throw new CheckInconclusive(reason, evidence);
    },
    note: (text: string) => {
      notes.push(text);
    },
    sleep: (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
  return ctx;
}

function notRun(check: Check, settings: RunSettings): CheckResult {
  return {
    ...describeCheck(check, settings),
    verdict: 'skip',
    reason: 'not run: the run was interrupted',
    durationMs: 0,
    transcript: [],
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
  ) {
    this.session = new RevisionSession(revision, settings);
    settings.signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  private stopped(): boolean {
    return this.settings.signal?.aborted === true;
  }

  /** Discovery, then every check; `onDone` hears each result that needs no confirmation. */
  async run(slots: Slots, onDone: (result: CheckResult) => void = () => undefined): Promise<void> {
    const { session, settings, revision } = this;
    const profile = await session.discover();
    const heard = session.recorder.forCheck(`${revision}/discovery`).some((entry) => entry.direction === 'server->client' && entry.kind === 'message');
    // The problem reads "server/discover failed: <why>"; the why is the same for both revisions of a dead server.
    if (!heard && !profile.notServed) {
      const why = profile.problems[0]?.replace(/^\S+ failed: /, '') ?? 'target produced no JSON-RPC response';
      const gist = stderrGist(session.stderr()?.replace(/^\[[^\]\n]+\]$/gm, '') ?? '');
      throw new TargetUnreachable(gist && !why.includes('stderr:') ? `${why}; stderr: ${gist}` : why);
    }
    // Without capabilities nothing can be judged; a list that never answered is a problem noted,
    // and the checks that would skip for want of its items are inconclusive instead (unknownList).
    if (session.discoveryWait && !profile.notServed && !profile.capabilities) throw new TargetUnreachable(`discovery did not finish: ${session.discoveryWait}`);
    for (const method of profile.unansweredLists ?? [])
      session.note(`discovery: ${method} got no answer in time (${session.discoveryWait ?? 'timeout'}); the run goes on, and checks that need its items are inconclusive`);
    const main = this.checks.filter((check) => (check.phase ?? 'main') === 'main');
    const post = this.checks.filter((check) => check.phase === 'post');
    const task = (check: Check) => ({
      exclusive: check.exclusive === true,
      run: async () => {
        settings.progress?.onCheckStart?.(check.id);
        const concurrent = session.inFlight;
        const result = await runOneCheck(check, session, { timeoutMs: session.requestTimeoutMs });
        this.results.push(result);
        this.firstAttempts.set(result.id, attemptOf(result, session.requestTimeoutMs, concurrent));
        if (!needsConfirmation(result)) onDone(result);
      },
    });
    await runPool(main.map(task), slots, () => this.stopped());
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
  async confirm(result: CheckResult, onDone: (result: CheckResult) => void = () => undefined): Promise<CheckResult | undefined> {
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
    const settled = settleAttempts(withLateAnswers(result, session.recorder), again, [first, attemptOf(again, timeoutMs, 0)]);
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
      error,
    };
  }
}

/** Answers that came after the harness stopped waiting for a check's requests: noted as late. */
function withLateAnswers(result: CheckResult, recorder: WireRecorder): CheckResult {
  const waited = result.transcript.filter((entry) => entry.timeout && entry.requestId !== undefined);
  if (waited.length === 0) return result;
  const late: string[] = [];
  for (const wait of waited) {
    const answer = recorder.entries.find((entry) => entry.anomaly === 'late-response' && entry.connection === wait.connection && isObject(entry.message) && entry.message.id === wait.requestId);
    if (answer) late.push(`the answer to id ${JSON.stringify(wait.requestId)} came ${Math.round(answer.t - wait.t)} ms after the harness stopped waiting`);
  }
  return late.length > 0 ? { ...result, notes: [...(result.notes ?? []), ...late] } : result;
}
