// One revision's connections to the target, its wire log and its server profile; checks borrow
// the shared connection or open their own through it.
import type { FreshOptions } from '../checks/check.js';
import type { Client } from '../lifecycles/client.js';
import { discoverSession, discoverStateless, type ServerProfile } from '../lifecycles/profile.js';
import { SessionClient } from '../lifecycles/session-client.js';
import { StatelessClient } from '../lifecycles/stateless-client.js';
import type { Revision } from '../model.js';
import { type RecorderOptions, WireRecorder } from '../recorder/wire-log.js';
import { createWireValidator, type WireValidator } from '../schema/index.js';
import { openConnection } from '../target.js';
import type { ConnectionContext } from '../transports/connection-context.js';
import { StdioConnection } from '../transports/stdio-connection.js';
import type { Connection } from '../transports/types.js';
import { adaptedTimeout, answerTimes } from './adaptive-timeout.js';
import { descendantNotes } from './descendant-notes.js';
import type { RunSettings } from './settings.js';

const DISCOVERY_ATTEMPTS = 3;

/** The revision's discovery heard no JSON-RPC message at all: there is nothing to judge. */
export class TargetUnreachable extends Error {}

/** What a run's revisions share: the budget of whole messages and the count of answers held by checks in flight. */
export type RunShares = Pick<RecorderOptions, 'wholeBudget' | 'answers'>;

export class RevisionSession {
  readonly recorder: WireRecorder;
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
    shares: RunShares = {},
  ) {
    this.recorder = new WireRecorder(shares);
    this.requestTimeoutMs = settings.requestTimeoutMs;
    this.validator = createWireValidator(revision, settings.schemaSource);
    this.context = {
      recorder: this.recorder,
      validate: (message, method) => {
        const outcome = this.validator.validateServerMessage(message, method);
        return outcome.valid
          ? undefined
          : { def: outcome.def, issues: outcome.issues.map((issue) => `${issue.path || '/'} ${issue.message}`) };
      },
    };
  }

  /** Traffic of another revision's lifecycle (dual-era checks) is recorded but not judged by this revision's schema. */
  private contextFor(revision: Revision): ConnectionContext {
    return revision === this.revision ? this.context : { ...this.context, validate: undefined };
  }

  /** A new connection; 2025-11-25 runs the handshake unless told not to. */
  async open(
    checkId: string | undefined,
    options: FreshOptions = {},
    revision: Revision = this.revision,
    timeoutMs = this.requestTimeoutMs,
  ): Promise<Client> {
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
        this.profile =
          this.revision === '2026-07-28'
            ? await discoverStateless(client)
            : await discoverSession(client as SessionClient);
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
    this.requestTimeoutMs = adaptedTimeout(answerTimes(this.recorder.forCheck(tag)), {
      minMs: this.settings.requestTimeoutMs,
      maxMs: this.settings.maxRequestTimeoutMs,
    });
    // The shared connection as discovery left it: a dead one is not reopened just for this.
    const client = this.shared?.bind(tag);
    if (client instanceof StatelessClient) {
      for (const tool of this.profile.tools)
        if (typeof tool.name === 'string') client.state.toolSchemas.set(tool.name, tool.inputSchema);
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

  /** Notes of the descendants each server process left running and the harness ended (after close). */
  processNotes(): string[] | undefined {
    const stdio = this.connections.filter((c): c is StdioConnection => c instanceof StdioConnection);
    const notes = descendantNotes(
      stdio.map((c) => ({
        connection: c.name,
        ended: c.process.endedDescendants,
        notKept: c.process.descendantsNotKept,
      })),
    );
    return notes.length > 0 ? notes : undefined;
  }

  async close(): Promise<void> {
    await Promise.all(this.connections.map((connection) => connection.close().catch(() => undefined)));
  }
}
