// Runs one revision's checks against the target: connections, profile, checks, post checks,
// teardown. Every check ends with a verdict and its own slice of the wire log.
import { stderrGist } from '../stderr-gist.js';
import type { Check, CheckContext, FreshOptions } from '../checks/check.js';
import { CheckFailure, CheckSkip, CheckWarning, type Evidence } from '../checks/outcome.js';
import type { Client } from '../lifecycles/client.js';
import { describeMissing, discoverSession, discoverStateless, offers, type ServerProfile } from '../lifecycles/profile.js';
import { SessionClient } from '../lifecycles/session-client.js';
import { StatelessClient } from '../lifecycles/stateless-client.js';
import type { Revision, Verdict } from '../model.js';
import { WireRecorder, type WireEntry } from '../recorder/wire-log.js';
import { createWireValidator, type WireValidator } from '../schema/index.js';
import { openConnection } from '../target.js';
import type { ConnectionContext } from '../transports/connection-context.js';
import { StdioConnection } from '../transports/stdio-connection.js';
import type { Connection } from '../transports/types.js';
import { runPool, Slots } from './pool.js';
import { summarizeProfile } from './profile-summary.js';
import type { CheckResult, RevisionRun } from './results.js';
import type { RunSettings } from './settings.js';

class CheckTimeout extends Error {}

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

  constructor(
    readonly revision: Revision,
    readonly settings: RunSettings,
  ) {
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
  async open(checkId: string | undefined, options: FreshOptions = {}, revision: Revision = this.revision): Promise<Client> {
    const connection = openConnection(this.settings.target, this.contextFor(revision), this.settings.limits);
    this.connections.push(connection);
    if (checkId) connection.enterCheck(checkId);
    const defaults = { timeoutMs: this.settings.requestTimeoutMs, checkId };
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

  async discover(): Promise<ServerProfile> {
    const tag = `${this.revision}/discovery`;
    const client = (await this.sharedClient()).bind(tag);
    client.connection.enterCheck(tag);
    try {
      this.profile = this.revision === '2026-07-28' ? await discoverStateless(client) : await discoverSession(client as SessionClient);
    } finally {
      client.connection.leaveCheck(tag);
    }
    if (client instanceof StatelessClient) {
      for (const tool of this.profile.tools) if (typeof tool.name === 'string') client.state.toolSchemas.set(tool.name, tool.inputSchema);
    }
    return this.profile;
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
    return parts.map((part) => `[${part.name}]\n${part.text}`).join('\n').slice(-256 * 1024);
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
  const message = error instanceof Error ? error.message : String(error);
  return { verdict: 'error', reason: `harness error: ${message}`, evidence: { actual: error instanceof Error ? error.stack : undefined } };
}

function applicability(check: Check, session: RevisionSession): string | undefined {
  const transport = session.settings.target.kind;
  if (!check.transports.includes(transport)) return `applies to ${check.transports.join(' and ')} only; this target is ${transport}`;
  const profile = session.profile!;
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

async function runOneCheck(check: Check, session: RevisionSession): Promise<CheckResult> {
  const started = performance.now();
  const notes: string[] = [];
  const own: Client[] = [];
  const settings = session.settings;
  let outcome: ReturnType<typeof verdictFor>;
  let client: Client | undefined;
  const notApplicable = applicability(check, session);
  if (notApplicable) {
    outcome = { verdict: 'skip', reason: notApplicable };
  } else {
    try {
      const need = check.connection ?? 'shared';
      if (need === 'shared') {
        client = (await session.sharedClient()).bind(check.id);
        client.connection.enterCheck(check.id);
      } else {
        client = await session.open(check.id, { initialize: need === 'fresh' });
        own.push(client);
      }
      const ctx = makeContext(check, session, client, own, notes);
      const timeoutMs = check.timeoutMs ?? settings.checkTimeoutMs;
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
      if (client && !own.includes(client)) client.connection.leaveCheck(check.id);
      await Promise.all(own.map((c) => c.connection.close().catch(() => undefined)));
    }
  }
  // A check cut short by Ctrl-C has no honest verdict of its own.
  if (settings.signal?.aborted && outcome.verdict !== 'skip') outcome = { verdict: 'error', reason: 'interrupted before the check finished' };
  const { transcript, dropped } = boundTranscript(session.recorder.forCheck(check.id), settings.maxTranscriptEntries);
  return {
    ...describeCheck(check, settings),
    verdict: outcome.verdict,
    reason: outcome.reason,
    expected: outcome.evidence?.expected,
    actual: outcome.evidence?.actual,
    durationMs: Math.round(performance.now() - started),
    notes: notes.length > 0 ? notes : undefined,
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
    transport: settings.target.kind,
  };
}

function makeContext(check: Check, session: RevisionSession, client: Client, own: Client[], notes: string[]): CheckContext {
  const openOwn = async (options: FreshOptions | undefined, revision: Revision = session.revision): Promise<Client> => {
    const fresh = await session.open(check.id, options, revision);
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
    requestTimeoutMs: session.settings.requestTimeoutMs,
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

export async function runRevision(
  revision: Revision,
  checks: Check[],
  settings: RunSettings,
  selectedBecause: string,
  slots: Slots = new Slots(settings.concurrency),
  onDone: (result: CheckResult) => void = () => undefined,
): Promise<{ run: RevisionRun; results: CheckResult[] }> {
  const started = performance.now();
  const session = new RevisionSession(revision, settings);
  const results: CheckResult[] = [];
  const stopped = () => settings.signal?.aborted === true;
  const record = (result: CheckResult) => {
    results.push(result);
    onDone(result);
    return result;
  };
  const onAbort = () => void session.close();
  settings.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const profile = await session.discover();
    const heard = session.recorder.forCheck(`${revision}/discovery`).some((entry) => entry.direction === 'server->client' && entry.kind === 'message');
    // The problem reads "server/discover failed: <why>"; the why is the same for both revisions of a dead server.
    if (!heard) {
      const why = profile.problems[0]?.replace(/^\S+ failed: /, '') ?? 'target produced no JSON-RPC response';
      const gist = stderrGist(session.stderr()?.replace(/^\[[^\]\n]+\]$/gm, '') ?? '');
      throw new TargetUnreachable(gist && !why.includes('stderr:') ? `${why}; stderr: ${gist}` : why);
    }
    const main = checks.filter((check) => (check.phase ?? 'main') === 'main');
    const post = checks.filter((check) => check.phase === 'post');
    const task = (check: Check) => ({
      exclusive: check.exclusive === true,
      run: async () => {
        settings.progress?.onCheckStart?.(check.id);
        return record(await runOneCheck(check, session));
      },
    });
    await runPool(main.map(task), slots, stopped);
    // Post checks read the whole log: one at a time, after everything else of this revision.
    await runPool(post.map((check) => ({ ...task(check), exclusive: true })), slots, stopped);
    if (stopped()) {
      const finished = new Set(results.map((result) => result.id));
      for (const check of checks) if (!finished.has(check.id)) record(notRun(check, settings));
    }
  } finally {
    settings.signal?.removeEventListener('abort', onAbort);
    await session.close();
  }
  const order = new Map(checks.map((check, index) => [check.id, index]));
  results.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return {
    run: {
      revision,
      selectedBecause,
      profile: session.profile ? summarizeProfile(session.profile) : undefined,
      durationMs: Math.round(performance.now() - started),
      stderr: session.stderr(),
      discoveryTranscript: session.recorder.forCheck(`${revision}/discovery`),
    },
    results,
  };
}
