// The live server a campaign talks to: one long-lived connection (2025-11-25: an initialized
// session), the server profile learned once, a liveness probe, and a restart whenever a stdio
// server has died, so one crash is a finding and the campaign goes on.
import type { Client } from '../lifecycles/client.js';
import { discoverSession, discoverStateless, type ServerProfile } from '../lifecycles/profile.js';
import { newSessionState, SessionClient } from '../lifecycles/session-client.js';
import { StatelessClient } from '../lifecycles/stateless-client.js';
import { isObject, type JsonObject, type Revision } from '../model.js';
import { openConnection, type TargetSpec, type TransportLimits, DEFAULT_LIMITS } from '../target.js';
import { StdioConnection } from '../transports/stdio-connection.js';
import type { Exchange } from '../transports/types.js';
import { CaseRecorder } from './case-recorder.js';
import type { Slot, Step } from './case.js';
import { OwedAnswers } from './owed-answers.js';
import { ConnectionLedger, type ConnectionProblem } from './connection-oracle.js';
import { dialectFor, type Dialect } from './dialect.js';
import { saltFor } from './salt.js';
import { WarmSpare } from './warm-spare.js';
import { stderrExcerpt } from './crash-text.js';

export interface LiveTargetOptions {
  target: TargetSpec;
  revision: Revision;
  /** Longest wait for any one answer. */
  timeoutMs: number;
  /** Longest wait for a (re)started server's first answer: starting a process can be slow on a busy machine. */
  startTimeoutMs?: number;
  limits?: TransportLimits;
  /** false: every replacement starts the server cold (harness/fuzz/warm-spare.ts). */
  warmSpares?: boolean;
}

const START_TIMEOUT_MS = 20_000;

/** Cases remembered per connection, newest kept: a finding that needs earlier traffic names it from these. */
const HISTORY_CASES = 256;

/** Past this many stray stdout lines the connection stops logging them one by one: start afresh. */
const POLLUTION_RESTART = 500;

export class LiveTarget {
  readonly recorder = new CaseRecorder();
  /** stdio: answers earlier cases on this connection may still get (harness/fuzz/owed-answers.ts). */
  readonly owed = new OwedAnswers();
  client!: Client;
  profile!: ServerProfile;
  dialect!: Dialect;
  /** What the current connection was sent and sent back, judged as a whole (harness/fuzz/connection-oracle.ts). */
  ledger: ConnectionLedger;
  /** Ledgers of connections ended since the problems were last taken. */
  private ended: ConnectionLedger[] = [];
  /** Fuzz cases begun on this target, for the ledger. */
  private cases = 0;
  /** Times a dead server was started again. */
  restarts = 0;
  /** Connections opened so far, the first included (a discarded one is replaced by a new one). */
  opened = 0;
  private probes = 0;
  private pollution = 0;
  private sessionCapabilities: JsonObject = {};
  private discarded = false;
  /** The next connection, readied ahead once a replacement has been needed (stdio). */
  readonly spare = new WarmSpare();
  private sparesWanted = false;
  /** The steps of each case sent on the current connection, oldest first (at most HISTORY_CASES). */
  private sent: Step[][] = [];
  /**
   * What a new connection sends before any case: 'harness' is the handshake (2025-11-25) or a
   * server/discover (2026-07-28); 'none' sends nothing at all on a 2026-07-28 connection (a bare process).
   */
  opening: 'harness' | 'none' = 'harness';

  constructor(readonly options: LiveTargetOptions) {
    this.ledger = new ConnectionLedger(options.revision);
    this.recorder.subscribe((entry) => {
      // A spare being readied writes on a connection of its own: its stray bytes are not this connection's.
      if (entry.kind === 'pollution' && entry.connection === this.client?.connection.name) this.pollution++;
      // stdio: every message of the connection, between cases too (HTTP: each case hands over its POSTs' answers).
      if (
        this.transport === 'stdio' &&
        entry.kind === 'message' &&
        entry.direction === 'server->client' &&
        entry.connection === this.client?.connection.name &&
        isObject(entry.message)
      )
        this.ledger.received(entry.message);
    });
  }

  /** A number for the case about to be sent (the ledger names cases by it). */
  nextCase(): number {
    return ++this.cases;
  }

  /** The connection problems found since last asked, on the connections ended and the current one. */
  takeConnectionProblems(): ConnectionProblem[] {
    const problems = [...this.ended, this.ledger].flatMap((ledger) => ledger.judge());
    this.ended = [];
    return problems;
  }

  /** Holds a case's requests to nothing on any connection (a known finding, or the server exited during it). */
  exemptCase(caseNo: number, reason: string): void {
    for (const ledger of [...this.ended, this.ledger]) ledger.exemptCase(caseNo, reason);
  }

  /** Is a case worth keeping as evidence of a connection problem? */
  suspect(caseNo: number): boolean {
    return [...this.ended, this.ledger].some((ledger) => ledger.suspect(caseNo));
  }

  get transport(): 'stdio' | 'http' {
    return this.options.target.kind;
  }

  /** Opens the connection and learns the profile; the reason when the server offers nothing usable. */
  async start(): Promise<string | undefined> {
    try {
      await this.open();
    } catch (error) {
      return (error as Error).message;
    }
    const tag = `${this.options.revision}/fuzz-discovery`;
    const client = this.client.bind(tag);
    this.profile =
      this.options.revision === '2026-07-28'
        ? await discoverStateless(client)
        : await discoverSession(client as SessionClient);
    this.dialect = dialectFor(this.options.revision, this.transport, this.profile);
    if (!this.profile.capabilities) return this.profile.problems[0] ?? 'the server did not say what it offers';
    return undefined;
  }

  /** A new connection, ready: 2025-11-25 initialized, 2026-07-28 answering server/discover. Fuzz sends give their own timeouts. */
  private async open(capabilities: JsonObject = {}): Promise<void> {
    const key = `${this.opening} ${JSON.stringify(capabilities)}`;
    const warm = await this.spare.take(key);
    this.owed.clear();
    this.opened++;
    this.sent = [];
    // Judged when the property ends, with the cases exempted by then: nothing is lost to a restart.
    this.ended.push(this.ledger);
    this.ledger = new ConnectionLedger(this.options.revision);
    this.pollution = 0;
    this.sessionCapabilities = capabilities;
    this.client = warm ?? (await this.readied(capabilities));
    if (this.sparesWanted) this.spare.prepare(key, () => this.readied(capabilities));
  }

  /** A connection opened and readied, not yet the target's. */
  private async readied(capabilities: JsonObject): Promise<Client> {
    const connection = openConnection(
      this.options.target,
      { recorder: this.recorder },
      this.options.limits ?? DEFAULT_LIMITS,
    );
    const defaults = { timeoutMs: this.options.startTimeoutMs ?? START_TIMEOUT_MS, checkId: 'fuzz' };
    if (this.options.revision === '2026-07-28') {
      const client = new StatelessClient(connection, defaults);
      if (this.dialect && this.opening === 'harness') await client.request('server/discover');
      return client;
    }
    const client = new SessionClient(connection, defaults, newSessionState({ clientCapabilities: capabilities }));
    const exchange = await client.handshake();
    if (!client.state.initialized) {
      await connection.close().catch(() => undefined);
      throw new Error(
        `could not start a 2025-11-25 session: ${exchange.transportError ?? (exchange.timedOut ? 'initialize timed out' : JSON.stringify(exchange.response?.error ?? 'no result'))}`,
      );
    }
    return client;
  }

  /** The session's declared client capabilities (2025-11-25; {} for 2026-07-28, where each request declares its own). */
  get declared(): JsonObject {
    return this.sessionCapabilities;
  }

  /** Before a case: a server that died (or flooded stdout) is started again; a session of the wanted capabilities is opened. */
  async ensure(capabilities?: Record<string, unknown>): Promise<void> {
    const wanted = capabilities ?? {};
    const sameSession = JSON.stringify(wanted) === JSON.stringify(this.sessionCapabilities);
    if (this.client.connection.alive && this.pollution < POLLUTION_RESTART && sameSession && !this.discarded) return;
    const connection = this.client.connection;
    if (!connection.alive) this.restarts++;
    this.discarded = false;
    // Once a server has had to be replaced, it likely will be again: the next connection is readied ahead.
    this.sparesWanted ||= this.transport === 'stdio' && this.options.warmSpares !== false;
    // A live process being replaced may still be busy: no point waiting out its graceful shutdown.
    if (connection instanceof StdioConnection && connection.alive) await connection.process.kill();
    else await connection.close().catch(() => undefined);
    await this.open(wanted);
  }

  /** stdio: the connection still has work in flight that would answer into later cases; start afresh before the next. */
  discard(): void {
    if (this.transport === 'stdio') this.discarded = true;
  }

  /** stdio: an id an earlier case may still be answered with cannot be told apart from these slots' own: start afresh. */
  async ensureNothingOwed(slots: Slot[], capabilities?: Record<string, unknown>): Promise<void> {
    if (this.transport !== 'stdio' || !this.owed.clashes(slots)) return;
    this.discard();
    await this.ensure(capabilities);
  }

  /** Notes a case as sent on the current connection. */
  remember(steps: Step[]): void {
    // Only a stdio connection has a history a finding can depend on (harness/fuzz/dependence.ts).
    if (this.transport !== 'stdio') return;
    this.sent.push(steps);
    if (this.sent.length > HISTORY_CASES) this.sent.shift();
  }

  /** The cases sent on the current connection so far, oldest first. */
  get history(): Step[][] {
    return [...this.sent];
  }

  private salts = 0;

  /** A fresh value for the case-id placeholder (harness/fuzz/salt.ts). */
  nextSalt(): string {
    return saltFor(++this.salts);
  }

  /** A cheap request with an id of our own: does the server still answer? */
  probe(): Promise<Exchange> {
    const id = `mcp-conform-fuzz-probe-${++this.probes}`;
    return this.client.request(this.dialect.cheap.method, this.dialect.cheap.params, {
      id,
      timeoutMs: this.options.timeoutMs,
    });
  }

  /** stdio: how the process ended and the tail of its stderr, once it has exited. */
  exitReport(): { exit: string; stderr: string } | undefined {
    const connection = this.client.connection;
    if (!(connection instanceof StdioConnection) || connection.process.running) return undefined;
    return { exit: connection.exitDescription(), stderr: stderrExcerpt(connection.process.stderr.toString()) };
  }

  async close(): Promise<void> {
    await this.spare.drop();
    await this.client?.connection.close().catch(() => undefined);
  }
}
