// JSON-RPC over a spawned process's stdin/stdout, framed by newlines, with every stray byte on
// stdout recorded as pollution rather than skipped. Its parts: the process (stdio-process.ts, or
// in-process-server.ts: a server object over in-memory streams carrying the same bytes),
// reading stdout (stdout-reader.ts), what is in flight (pending-requests.ts), ids settled
// (settled-ids.ts), the server's own requests (server-request-desk.ts) and the log (connection-log.ts).
import { isObject, type JsonObject, type JsonRpcId } from '../model.js';
import { ConnectionLog } from './connection-log.js';
import type { ConnectionContext } from './connection-context.js';
import { IncomingMessages } from './incoming-messages.js';
import { InProcessPipes, type InProcessServer } from './in-process-server.js';
import { PendingRequests, type Pending } from './pending-requests.js';
import type { ServerProcess } from './server-process.js';
import { ServerRequestDesk } from './server-request-desk.js';
import { SettledIds } from './settled-ids.js';
import {
  describeExit,
  StdioProcess,
  type ExitStatus,
  type ProcessLimits,
  type StdioCommand,
  type StdioProcessEvents,
  DEFAULT_PROCESS_LIMITS,
} from './stdio-process.js';
import { StdoutPollution } from './stdout-pollution.js';
import { StdoutReader } from './stdout-reader.js';
import { idKey, type Connection, type Exchange, type SendOptions, type ServerRequestHandler } from './types.js';

let connectionCounter = 0;
/** The finding when a descendant outside the server's group keeps its stdout open. */
export const STDOUT_HELD_OPEN = 'stdout still held open';
const STDERR_LOG_BYTES = 256 * 1024;

/** What a stdio connection talks to: a command to spawn, or a server object in this process. */
export type StdioSource = StdioCommand | { inProcess: InProcessServer };

interface Routing {
  id?: JsonRpcId;
  method?: string;
  progressToken?: unknown;
  wantsOrphanResponse: boolean;
}

export class StdioConnection implements Connection {
  readonly kind = 'stdio' as const;
  readonly name: string;
  readonly process: ServerProcess;
  private readonly log: ConnectionLog;
  private readonly pending = new PendingRequests();
  private readonly settled = new SettledIds();
  private readonly pollution: StdoutPollution;
  private readonly stdout: StdoutReader;
  private readonly serverRequests: ServerRequestDesk;
  private readonly incoming: IncomingMessages;
  private readonly started = performance.now();
  /** Set once the server has sent its first byte on stdout; pollution before it is startup noise. */
  firstOutputAt: number | undefined;
  private stderrLogged = 0;

  constructor(
    source: StdioSource,
    context: ConnectionContext,
    private readonly limits: ProcessLimits = DEFAULT_PROCESS_LIMITS,
  ) {
    this.name = `stdio#${++connectionCounter}`;
    this.log = new ConnectionLog(context, this.name);
    this.pollution = new StdoutPollution(this.log);
    this.stdout = new StdoutReader(limits.maxLineBytes, this.pollution, {
      message: (message, crlf, bytes, faults) => this.incoming.route(message, crlf, bytes, faults),
      overCap: (head, totalBytes) => this.incoming.overCap(head, totalBytes, limits.maxLineBytes),
    });
    const events: StdioProcessEvents = {
      onFrame: (frame) => {
        this.firstOutputAt ??= performance.now() - this.started;
        this.stdout.read(frame);
      },
      onStderr: (chunk) => this.onStderr(chunk),
      onExit: (status) => this.onExit(status),
    };
    this.process =
      'inProcess' in source
        ? new InProcessPipes(source.inProcess, events, limits)
        : new StdioProcess(source, events, limits);
    this.serverRequests = new ServerRequestDesk(this.log, this.process);
    this.incoming = new IncomingMessages(this.log, this.pending, this.settled, this.serverRequests);
    context.recorder.record({
      connection: this.name,
      direction: 'harness',
      kind: 'process',
      note:
        'inProcess' in source
          ? `connected in-process server ${source.inProcess.name}`
          : `spawned ${[source.command, ...source.args].join(' ')} (pid ${this.process.pid ?? 'none'})`,
    });
  }

  get alive(): boolean {
    return this.process.running;
  }

  enterCheck(checkId: string): void {
    this.log.tags.enter(checkId);
  }

  leaveCheck(checkId: string): void {
    this.log.tags.leave(checkId);
  }

  setServerRequestHandler(handler: ServerRequestHandler | undefined): void {
    this.serverRequests.handler = handler;
  }

  send(message: JsonObject, options: SendOptions): Promise<Exchange> {
    const text = JSON.stringify(message) + '\n';
    const isRequest = typeof message.method === 'string' && 'id' in message;
    this.log.record({ direction: 'client->server', kind: 'message', message }, options.checkId);
    const params = isObject(message.params) ? message.params : undefined;
    const meta = params && isObject(params._meta) ? params._meta : undefined;
    return this.transmit(Buffer.from(text, 'utf8'), options, {
      id: isRequest ? (message.id as JsonRpcId) : undefined,
      method: typeof message.method === 'string' ? message.method : undefined,
      progressToken: meta?.progressToken,
      wantsOrphanResponse: false,
    });
  }

  sendRaw(bytes: Uint8Array | string, options: SendOptions): Promise<Exchange> {
    const buffer = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : Buffer.from(bytes);
    this.log.record(
      { direction: 'client->server', kind: 'raw', ...this.log.recorder.describeBytes(buffer) },
      options.checkId,
    );
    return this.transmit(buffer, options, {
      method: options.method,
      wantsOrphanResponse: options.expectResponse ?? false,
    });
  }

  private transmit(bytes: Buffer, options: SendOptions, routing: Routing): Promise<Exchange> {
    const startedAt = performance.now();
    const exchange: Exchange = {
      connection: this.name,
      id: routing.id,
      method: routing.method,
      notifications: [],
      messages: [],
      timedOut: false,
      durationMs: 0,
    };
    return new Promise<Exchange>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const entry: Pending = {
        exchange,
        method: routing.method,
        checkId: options.checkId,
        progressToken: routing.progressToken,
        wantsOrphanResponse: routing.wantsOrphanResponse,
        expectSilence: options.expectSilence,
        barrier: options.barrier,
        onMessage: options.onMessage,
        finish: () => {
          if (timer) clearTimeout(timer);
          options.signal?.removeEventListener('abort', onAbort);
          this.pending.remove(entry, routing.id);
          exchange.durationMs = Math.round(performance.now() - startedAt);
          resolve(exchange);
        },
      };
      const onAbort = () => {
        // The check gave up on the request (a cancel): a later answer is late, not an answer to an id never sent.
        if (routing.id !== undefined && !exchange.response)
          this.settled.remember(routing.id, routing.method, 'timed-out');
        entry.finish();
      };
      options.signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.add(entry, routing.id);
      const arm = (ms: number, then: () => void) => (timer = setTimeout(then, ms));
      if (routing.id !== undefined) this.awaitAnswer(entry, routing, options.timeoutMs, startedAt, arm);
      else this.awaitWindow(entry, routing, options, arm);
      void this.write(bytes, entry);
    });
  }

  /** A request's wait: its clock allows for a slow start; past it the request is given up on, noted. */
  private awaitAnswer(
    entry: Pending,
    routing: Routing,
    timeoutMs: number,
    startedAt: number,
    arm: (ms: number, then: () => void) => void,
  ): void {
    const onTimeout = () => {
      const more = this.startupAllowance(startedAt, timeoutMs);
      if (more > 0) return arm(more, onTimeout);
      entry.exchange.timedOut = true;
      this.settled.remember(routing.id!, routing.method, 'timed-out');
      this.settled.awaitLate(routing.id!, performance.now() + timeoutMs);
      const waited = Math.round(performance.now() - startedAt);
      this.log.unanswered(entry, `no response to id ${JSON.stringify(routing.id)} within ${waited} ms`, waited);
      entry.finish();
    };
    arm(timeoutMs, onTimeout);
  }

  /** A notification's or raw send's window: what comes meanwhile is collected; a raw send may want a response. */
  private awaitWindow(
    entry: Pending,
    routing: Routing,
    options: SendOptions,
    arm: (ms: number, then: () => void) => void,
  ): void {
    const window = routing.wantsOrphanResponse ? options.timeoutMs : (options.collectMs ?? 0);
    arm(window, () => {
      if (routing.wantsOrphanResponse) {
        entry.exchange.timedOut = true;
        this.log.unanswered(entry, `no response to the bytes sent within ${options.timeoutMs} ms`, options.timeoutMs);
      }
      entry.finish();
    });
  }

  /**
   * Writes the bytes. A request that finds the server already dead never reached it: the log says
   * so, and the exit is judged by the check it interrupted, not again by each request written after it.
   */
  private async write(bytes: Buffer, entry: Pending): Promise<void> {
    const exchange = entry.exchange;
    const diedFirst = (): void => {
      exchange.transportError = this.exitDescription();
      if (this.process.exitStatus?.endedBy === 'self')
        this.log.unanswered(
          entry,
          `${this.exitDescription()} before id ${JSON.stringify(exchange.id)} could be sent`,
          undefined,
          true,
        );
      entry.finish();
    };
    if (!this.process.running) return diedFirst();
    if (await this.process.write(bytes)) return;
    // A failed write usually means the process is dying (or never started: the spawn error can
    // come after the write fails on a loaded machine): wait for it to say how it ended.
    await this.process.exitsWithin(3000);
    if (!this.process.running) return diedFirst();
    exchange.transportError = 'server closed its stdin';
    entry.finish();
  }

  private onStderr(chunk: Uint8Array): void {
    // stderr is kept head-and-tail by the process; the log gets only its first stretch.
    this.stderrLogged += chunk.length;
    if (this.stderrLogged > STDERR_LOG_BYTES) return;
    this.log.record({ direction: 'server->client', kind: 'stderr', ...this.log.recorder.describeBytes(chunk) });
  }

  private onExit(status: ExitStatus): void {
    this.stdout.end();
    this.pollution.flush();
    this.serverRequests.flush();
    this.log.record({ direction: 'harness', kind: 'process', note: describeExit(status) });
    const holders = this.process.heldOpenBy;
    if (holders)
      this.log.note(
        `${STDOUT_HELD_OPEN} after exit${holders.length > 0 ? `; killed pid ${holders.join(', ')} that held it` : ''}`,
      );
    for (const entry of this.pending.inFlight()) {
      if (!entry.exchange.response) {
        entry.exchange.transportError = describeExit(status);
        // Our own teardown is not the server's fault; dying with requests in flight is.
        if (status.endedBy === 'self')
          this.log.unanswered(entry, `${describeExit(status)} with id ${JSON.stringify(entry.exchange.id)} unanswered`);
      }
      entry.finish();
    }
  }

  /**
   * More time a request gets because the process has not started talking yet: its clock runs
   * from the later of its send and the first stdout output, and before any output the wait is
   * re-armed in steps until the start-up allowance runs out.
   */
  private startupAllowance(sentAt: number, timeoutMs: number): number {
    if (!this.process.running) return 0;
    const now = performance.now();
    if (this.firstOutputAt === undefined)
      return Math.min(timeoutMs, Math.max(0, this.started + this.limits.startupMs - now));
    return Math.max(0, Math.max(sentAt, this.started + this.firstOutputAt) + timeoutMs - now);
  }

  exitDescription(): string {
    return this.process.exitStatus ? describeExit(this.process.exitStatus) : 'server process is not running';
  }

  /**
   * A late answer that comes before the connection ends is still the server's answer, so a
   * connection with requests still unanswered stays open until each has had its timeout once
   * more, counted from when the harness stopped waiting (time the run spent since counts too).
   */
  async close(): Promise<void> {
    if (this.process.running) {
      // exitsWithin ends the wait at the grace too, whether or not the process exits.
      const left = await this.settled.linger((ms) => this.process.exitsWithin(ms));
      if (left > 0)
        this.log.note(`${left} request(s) still unanswered after their timeout ran out twice over; closing`);
    }
    const status = await this.process.close();
    if (status.endedBy !== 'self' && status.endedBy !== 'stdin-close') {
      this.log.note(`server did not exit after stdin closed; ended by ${status.endedBy}`);
    }
  }
}
