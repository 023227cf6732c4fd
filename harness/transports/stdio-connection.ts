// JSON-RPC over a spawned process's stdin/stdout, framed by newlines, with every stray byte
// on stdout recorded as pollution rather than skipped.
import { isObject, isResponse, type JsonObject, type JsonRpcId } from '../model.js';
import { isValidUtf8 } from '../recorder/wire-log.js';
import { CheckTags, recordServerMessage, type ConnectionContext } from './connection-context.js';
import type { Frame } from './line-framer.js';
import { decodeLine, hasByteOrderMark } from './line-text.js';
import {
  StdioProcess,
  type ExitStatus,
  type ProcessLimits,
  type StdioCommand,
  DEFAULT_PROCESS_LIMITS,
} from './stdio-process.js';
import {
  idKey,
  looseIdKey,
  type Connection,
  type Exchange,
  type SendOptions,
  type ServerRequestHandler,
} from './types.js';
import { parseBoundedJson } from './bounded-json.js';
import { SpreadMessageJoiner } from './spread-message.js';
import { keepNotification, NOTIFICATIONS_NOT_KEPT } from './exchange-notifications.js';

interface Pending {
  exchange: Exchange;
  method?: string;
  checkId?: string;
  progressToken?: unknown;
  /** Raw sends take the first response that no request of ours claims. */
  wantsOrphanResponse: boolean;
  expectSilence?: boolean;
  barrier?: boolean;
  onMessage?: (message: JsonObject) => void;
  finish: () => void;
}

let connectionCounter = 0;
/** The finding when a descendant outside the server's group keeps its stdout open. */
export const STDOUT_HELD_OPEN = 'stdout still held open';
const STDERR_LOG_BYTES = 256 * 1024;
const POLLUTION_LOGGED = 1000;
/** Server-to-client requests logged one by one per connection; the rest are counted. */
const SERVER_REQUESTS_LOGGED = 1000;
/** Replies to server requests wait while this much of our writing is still unread by the server. */
const MAX_STDIN_BACKLOG = 1024 * 1024;

export class StdioConnection implements Connection {
  readonly kind = 'stdio' as const;
  readonly name: string;
  readonly process: StdioProcess;
  private readonly pending = new Map<string, Pending>();
  private readonly loosePending = new Map<string, Pending>();
  private readonly windows = new Set<Pending>();
  private readonly tags = new CheckTags();
  private serverRequestHandler: ServerRequestHandler | undefined;
  private readonly started = performance.now();
  /** Set once the server has sent its first byte on stdout; pollution before it is startup noise. */
  firstOutputAt: number | undefined;
  private stderrLogged = 0;
  private pollutionSeen = 0;
  private pollutionUnlogged = { count: 0, bytes: 0 };
  private readonly spread: SpreadMessageJoiner;
  private serverRequests = { seen: 0, unlogged: 0, unanswered: 0 };

  constructor(
    command: StdioCommand,
    private readonly context: ConnectionContext,
    private readonly limits: ProcessLimits = DEFAULT_PROCESS_LIMITS,
  ) {
    this.name = `stdio#${++connectionCounter}`;
    this.spread = new SpreadMessageJoiner(limits.maxLineBytes);
    this.process = new StdioProcess(
      command,
      {
        onFrame: (frame) => this.onFrame(frame),
        onStderr: (chunk) => this.onStderr(chunk),
        onExit: (status) => this.onExit(status),
      },
      limits,
    );
    context.recorder.record({
      connection: this.name,
      direction: 'harness',
      kind: 'process',
      note: `spawned ${[command.command, ...command.args].join(' ')} (pid ${this.process.pid ?? 'none'})`,
    });
  }

  get alive(): boolean {
    return this.process.running;
  }

  enterCheck(checkId: string): void {
    this.tags.enter(checkId);
  }

  leaveCheck(checkId: string): void {
    this.tags.leave(checkId);
  }

  setServerRequestHandler(handler: ServerRequestHandler | undefined): void {
    this.serverRequestHandler = handler;
  }

  send(message: JsonObject, options: SendOptions): Promise<Exchange> {
    const text = JSON.stringify(message) + '\n';
    const isRequest = typeof message.method === 'string' && 'id' in message;
    this.context.recorder.record({
      connection: this.name,
      direction: 'client->server',
      kind: 'message',
      message,
      checks: this.tags.tags(options.checkId),
    });
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
    this.context.recorder.record({
      connection: this.name,
      direction: 'client->server',
      kind: 'raw',
      ...this.context.recorder.describeBytes(buffer),
      checks: this.tags.tags(options.checkId),
    });
    return this.transmit(buffer, options, {
      method: options.method,
      wantsOrphanResponse: options.expectResponse ?? false,
    });
  }

  private transmit(
    bytes: Buffer,
    options: SendOptions,
    routing: { id?: JsonRpcId; method?: string; progressToken?: unknown; wantsOrphanResponse: boolean },
  ): Promise<Exchange> {
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
          if (routing.id !== undefined) {
            if (this.pending.get(idKey(routing.id)) === entry) this.pending.delete(idKey(routing.id));
            if (this.loosePending.get(looseIdKey(routing.id)) === entry)
              this.loosePending.delete(looseIdKey(routing.id));
          }
          this.windows.delete(entry);
          exchange.durationMs = Math.round(performance.now() - startedAt);
          resolve(exchange);
        },
      };
      const onAbort = () => {
        // The check gave up on the request (a cancel): a later answer is late, not an answer to an id never sent.
        if (routing.id !== undefined && !exchange.response) this.remember(routing.id, routing.method, 'timed-out');
        entry.finish();
      };
      options.signal?.addEventListener('abort', onAbort, { once: true });

      if (routing.id !== undefined) {
        // A second request with an id still in flight keeps the first owner; the fuzzer reads the wire log.
        if (!this.pending.has(idKey(routing.id))) this.pending.set(idKey(routing.id), entry);
        if (!this.loosePending.has(looseIdKey(routing.id))) this.loosePending.set(looseIdKey(routing.id), entry);
        this.windows.add(entry);
        const onTimeout = () => {
          const more = this.startupAllowance(startedAt, options.timeoutMs);
          if (more > 0) {
            timer = setTimeout(onTimeout, more);
            return;
          }
          exchange.timedOut = true;
          this.remember(routing.id!, routing.method, 'timed-out');
          this.awaitingLate.set(idKey(routing.id), performance.now() + options.timeoutMs);
          const waited = Math.round(performance.now() - startedAt);
          this.unanswered(entry, `no response to id ${JSON.stringify(routing.id)} within ${waited} ms`, waited);
          entry.finish();
        };
        timer = setTimeout(onTimeout, options.timeoutMs);
      } else {
        this.windows.add(entry);
        const window = routing.wantsOrphanResponse ? options.timeoutMs : (options.collectMs ?? 0);
        timer = setTimeout(() => {
          if (routing.wantsOrphanResponse) {
            exchange.timedOut = true;
            this.unanswered(entry, `no response to the bytes sent within ${options.timeoutMs} ms`, options.timeoutMs);
          }
          entry.finish();
        }, window);
      }

      // A request that finds the server already dead never reached it: the log says so, and the exit
      // is judged by the check it interrupted, not again by each request written after it.
      const diedFirst = (): void => {
        exchange.transportError = this.exitDescription();
        if (this.process.exitStatus?.endedBy === 'self')
          this.unanswered(
            entry,
            `${this.exitDescription()} before id ${JSON.stringify(exchange.id)} could be sent`,
            undefined,
            true,
          );
        entry.finish();
      };
      if (!this.process.running) return diedFirst();
      void this.process.write(bytes).then(async (ok) => {
        if (ok) return;
        // A failed write usually means the process is dying (or never started: the spawn error can
        // come after the write fails on a loaded machine): wait for it to say how it ended.
        await this.process.exitsWithin(3000);
        if (!this.process.running) return diedFirst();
        exchange.transportError = 'server closed its stdin';
        entry.finish();
      });
    });
  }

  private onFrame(frame: Frame): void {
    this.firstOutputAt ??= performance.now() - this.started;
    if (frame.kind !== 'line' || (this.spread.holding && parseFrame(frame.bytes).ok)) this.releaseSpread();
    if (frame.kind === 'line' && this.spread.holding) return this.offerSpread(frame.bytes);
    if (frame.kind === 'oversized') {
      if (looksLikeMessage(frame.head)) this.overCap(frame.head, frame.totalBytes);
      else
        this.pollution(frame.head, `line of ${frame.totalBytes} bytes exceeds the line cap; dropped`, frame.totalBytes);
      return;
    }
    if (frame.kind === 'partial') {
      this.pollution(frame.bytes, 'bytes without a terminating newline when stdout closed');
      return;
    }
    if (this.pollutionSeen >= POLLUTION_LOGGED && frame.bytes[0] !== 0x7b && !hasByteOrderMark(frame.bytes)) {
      this.pollution(frame.bytes, ''); // counted only; no need to say why
      return;
    }
    const parsed = parseFrame(frame.bytes);
    if (!parsed.ok) return this.offerSpread(frame.bytes);
    this.route(parsed.message, frame.crlf, frame.bytes.length, parsed.faults);
  }

  /** A line that is no message alone: maybe a line of a pretty-printed one. */
  private offerSpread(line: Uint8Array): void {
    const offered = this.spread.offer(line);
    if (offered.kind === 'held') return;
    if (offered.kind === 'released') {
      for (const noise of offered.lines) this.pollution(noise, (parseFrame(noise) as { reason: string }).reason);
      return;
    }
    this.pollution(
      offered.head,
      `a JSON-RPC message spread over ${offered.lines} lines (pretty-printed): messages MUST NOT contain embedded newlines; delivered anyway`,
      offered.bytes,
    );
    this.route(offered.message, false, offered.bytes, offered.faults);
  }

  private releaseSpread(): void {
    for (const noise of this.spread.drain()) this.pollution(noise, (parseFrame(noise) as { reason: string }).reason);
  }

  /**
   * A JSON-RPC message longer than the line cap: the harness's limit, not the server's fault. The
   * request it answers (by the id at its head, when the id comes before any nested value) ends
   * with that said, so its check is inconclusive rather than failed for a missing answer.
   */
  private overCap(head: Uint8Array, totalBytes: number): void {
    const id = leadingId(head);
    const owner = id === undefined ? undefined : this.pending.get(idKey(id));
    const text = `answer larger than the line cap: a line of ${totalBytes} bytes, the cap is ${this.limits.maxLineBytes} bytes (--max-line-mb); not read`;
    this.context.recorder.record({
      connection: this.name,
      direction: 'server->client',
      kind: 'note',
      ...this.context.recorder.describeBytes(head.subarray(0, 200)),
      bytes: totalBytes,
      truncated: true,
      note: text,
      overCap: true,
      checks: this.tags.tags(owner?.checkId),
    });
    if (!owner) return;
    if (owner.exchange.id !== undefined) this.remember(owner.exchange.id, owner.method, 'answered');
    owner.exchange.transportError = text;
    owner.exchange.overCap = true;
    owner.finish();
  }

  /** Stray stdout bytes: the first ones are logged one by one, a flood is counted. */
  private pollution(bytes: Uint8Array, note: string, totalBytes = bytes.length): void {
    this.pollutionSeen++;
    if (this.pollutionSeen > POLLUTION_LOGGED) {
      this.pollutionUnlogged.count++;
      this.pollutionUnlogged.bytes += totalBytes;
      return;
    }
    const recorder = this.context.recorder;
    recorder.record({
      connection: this.name,
      direction: 'server->client',
      kind: 'pollution',
      ...recorder.describeBytes(bytes),
      ...(totalBytes > bytes.length ? { bytes: totalBytes, truncated: true } : {}),
      note,
      checks: this.tags.tags(),
    });
  }

  private flushPollutionCount(): void {
    const { count, bytes } = this.pollutionUnlogged;
    if (count === 0) return;
    this.context.recorder.record({
      connection: this.name,
      direction: 'server->client',
      kind: 'pollution',
      count,
      bytes,
      note: `${count} more non-JSON-RPC stdout lines (${bytes} bytes) not logged one by one`,
      checks: this.tags.tags(),
    });
    this.pollutionUnlogged = { count: 0, bytes: 0 };
  }

  /** `faults`: what its line needed mending to be read; the message is the server's all the same. */
  private route(message: JsonObject, crlf: boolean, sizeHint: number, faults: string[]): void {
    const note = [...(crlf ? ['line ended with CRLF'] : []), ...faults].join('; ') || undefined;
    const framingFault = faults.length > 0 ? faults.join('; ') : undefined;
    if (isResponse(message)) {
      const exact = this.pending.get(idKey(message.id));
      const loose =
        exact ??
        (message.id !== undefined && message.id !== null ? this.loosePending.get(looseIdKey(message.id)) : undefined);
      const owner = loose ?? [...this.windows].find((p) => p.wantsOrphanResponse && !p.exchange.response);
      const hasId = typeof message.id === 'string' || typeof message.id === 'number';
      const anomaly = owner || !hasId ? undefined : this.classifyOrphan(message.id);
      const orphanNote = owner
        ? undefined
        : anomaly
          ? ORPHAN_NOTES[anomaly]
          : 'error response without an id, with no raw send waiting for it';
      recordServerMessage(
        this.context,
        {
          connection: this.name,
          sizeHint,
          framingFault,
          anomaly,
          checks: this.tags.tags(owner?.checkId),
          note: orphanNote ? appendNote(note, orphanNote) : note,
        },
        message,
        // The method of the request it answers; a late answer is still that request's. A second answer
        // to an id already answered, or one a raw send took, is not known to answer that request (a
        // server may have coerced another id into it): it is held to the bare response schema only.
        owner ? owner.method : anomaly === 'late-response' ? this.answeredMethods.get(idKey(message.id)) : undefined,
      );
      if (!owner) return;
      if (owner.exchange.id !== undefined) this.remember(owner.exchange.id, owner.method, 'answered');
      owner.exchange.messages.push(message);
      owner.onMessage?.(message);
      owner.exchange.response = message;
      if (!exact && loose) owner.exchange.idTypeMismatch = true;
      owner.finish();
      return;
    }
    if (typeof message.method === 'string' && 'id' in message) {
      // A flood of server requests is counted past the first ones, and never answered faster than
      // the server reads: replies to a server that stopped reading would pile up in our memory.
      const logged = ++this.serverRequests.seen <= SERVER_REQUESTS_LOGGED;
      if (logged)
        recordServerMessage(
          this.context,
          { connection: this.name, sizeHint, framingFault, checks: this.tags.tags(), note },
          message,
          undefined,
        );
      else if (this.serverRequests.unlogged++ === 0)
        this.note(`more than ${SERVER_REQUESTS_LOGGED} server requests: the rest are counted, not logged one by one`);
      if (this.process.stdinBacklog > MAX_STDIN_BACKLOG) this.serverRequests.unanswered++;
      else void this.answerServerRequest(message, logged);
      return;
    }
    const owners = this.notificationOwners(message);
    recordServerMessage(
      this.context,
      {
        connection: this.name,
        sizeHint,
        framingFault,
        checks: owners.length === 1 && owners[0].checkId ? [owners[0].checkId] : this.tags.tags(),
        note,
      },
      message,
      undefined,
    );
    for (const owner of owners) {
      const kept = keepNotification(owner.exchange, message, sizeHint);
      if (kept === 'first dropped') this.note(NOTIFICATIONS_NOT_KEPT, owner.checkId);
      if (kept !== 'kept')
        this.context.recorder.spent.note(
          'notifications not kept with a request in flight (once per request)',
          sizeHint,
        );
      owner.onMessage?.(message);
    }
  }

  /** A notification with our progress token belongs to that request; others to everything in flight. */
  private notificationOwners(message: JsonObject): Pending[] {
    const params = isObject(message.params) ? message.params : undefined;
    const token = params?.progressToken;
    if (token !== undefined) {
      const match = [...this.windows].filter(
        (p) => p.progressToken !== undefined && idKey(p.progressToken) === idKey(token),
      );
      if (match.length > 0) return match;
    }
    return [...this.windows];
  }

  private async answerServerRequest(request: JsonObject, logged: boolean): Promise<void> {
    const reply = this.serverRequestHandler
      ? await this.serverRequestHandler(request)
      : { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: 'Method not found' } };
    if (logged)
      this.context.recorder.record({
        connection: this.name,
        direction: 'client->server',
        kind: 'message',
        message: reply,
        checks: this.tags.tags(),
      });
    await this.process.write(JSON.stringify(reply) + '\n');
  }

  private flushServerRequestCount(): void {
    const { unlogged, unanswered } = this.serverRequests;
    if (unlogged === 0 && unanswered === 0) return;
    const parts = [
      unlogged > 0 ? `${unlogged} more server requests not logged one by one` : '',
      unanswered > 0
        ? `${unanswered} not answered: the server had not read ${MAX_STDIN_BACKLOG} bytes we had written to it`
        : '',
    ].filter(Boolean);
    this.note(parts.join('; '));
    this.serverRequests = { ...this.serverRequests, unlogged: 0, unanswered: 0 };
  }

  /** Ids we have seen answered or given up on, to tell a duplicate or late answer from a stray one. */
  private readonly settledIds = new Map<string, 'answered' | 'timed-out'>();
  private readonly answeredMethods = new Map<string, string | undefined>();

  private remember(id: JsonRpcId, method: string | undefined, how: 'answered' | 'timed-out'): void {
    if (this.settledIds.size > 100_000) return; // bounded; later ids are simply not classified
    this.settledIds.set(idKey(id), how);
    this.answeredMethods.set(idKey(id), method);
  }

  private classifyOrphan(id: unknown): 'unknown-id' | 'duplicate-response' | 'late-response' {
    const settled = this.settledIds.get(idKey(id));
    if (settled === 'answered') return 'duplicate-response';
    if (settled === 'timed-out') {
      this.settledIds.set(idKey(id), 'answered');
      this.awaitingLate.delete(idKey(id));
      if (this.awaitingLate.size === 0) this.lateSettled?.();
      return 'late-response';
    }
    return 'unknown-id';
  }

  private onStderr(chunk: Uint8Array): void {
    // stderr is kept head-and-tail by the process; the log gets only its first stretch.
    this.stderrLogged += chunk.length;
    if (this.stderrLogged > STDERR_LOG_BYTES) return;
    this.context.recorder.record({
      connection: this.name,
      direction: 'server->client',
      kind: 'stderr',
      ...this.context.recorder.describeBytes(chunk),
      checks: this.tags.tags(),
    });
  }

  private onExit(status: ExitStatus): void {
    this.releaseSpread();
    this.flushPollutionCount();
    this.flushServerRequestCount();
    this.context.recorder.record({
      connection: this.name,
      direction: 'harness',
      kind: 'process',
      note: describeExit(status),
      checks: this.tags.tags(),
    });
    const holders = this.process.heldOpenBy;
    if (holders)
      this.note(
        `${STDOUT_HELD_OPEN} after exit${holders.length > 0 ? `; killed pid ${holders.join(', ')} that held it` : ''}`,
      );
    for (const entry of [...this.windows]) {
      if (!entry.exchange.response) {
        entry.exchange.transportError = describeExit(status);
        // Our own teardown is not the server's fault; dying with requests in flight is.
        if (status.endedBy === 'self')
          this.unanswered(entry, `${describeExit(status)} with id ${JSON.stringify(entry.exchange.id)} unanswered`);
      }
      entry.finish();
    }
  }

  /** `waitedMs` is set when the harness gave up waiting (a timeout), unset when the server ended it. */
  private unanswered(entry: Pending, text: string, waitedMs?: number, unsent?: boolean): void {
    const id = entry.exchange.id;
    const isRequest = typeof id === 'string' || typeof id === 'number';
    this.context.recorder.record({
      connection: this.name,
      direction: 'harness',
      kind: 'note',
      note: text,
      anomaly: isRequest && !entry.expectSilence ? 'unanswered' : undefined,
      requestId: isRequest ? id : undefined,
      timeout: waitedMs !== undefined && !entry.expectSilence ? true : undefined,
      waitedMs: waitedMs !== undefined && !entry.expectSilence ? waitedMs : undefined,
      unsent: unsent ? true : undefined,
      barrier: entry.barrier ? true : undefined,
      checks: this.tags.tags(entry.checkId),
    });
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

  private note(text: string, checkId?: string): void {
    this.context.recorder.record({
      connection: this.name,
      direction: 'harness',
      kind: 'note',
      note: text,
      checks: this.tags.tags(checkId),
    });
  }

  /** Requests we stopped waiting for, each with the end of its second timeout: close gives their answers that chance. */
  private readonly awaitingLate = new Map<string, number>();
  private lateSettled: (() => void) | undefined;

  /**
   * A late answer that comes before the connection ends is still the server's answer, so a
   * connection with requests still unanswered stays open until each has had its timeout once
   * more, counted from when the harness stopped waiting (time the run spent since counts too).
   */
  private async lingerForLateAnswers(): Promise<void> {
    if (this.awaitingLate.size === 0 || !this.process.running) return;
    const grace = Math.ceil(Math.max(...this.awaitingLate.values()) - performance.now());
    // exitsWithin ends the wait at the grace too, whether or not the process exits.
    if (grace > 0)
      await Promise.race([
        new Promise<void>((resolve) => (this.lateSettled = resolve)),
        this.process.exitsWithin(grace),
      ]);
    this.lateSettled = undefined;
    if (this.awaitingLate.size > 0)
      this.note(
        `${this.awaitingLate.size} request(s) still unanswered after their timeout ran out twice over; closing`,
      );
  }

  async close(): Promise<void> {
    await this.lingerForLateAnswers();
    const status = await this.process.close();
    if (status.endedBy !== 'self' && status.endedBy !== 'stdin-close') {
      this.note(`server did not exit after stdin closed; ended by ${status.endedBy}`);
    }
  }
}

export function describeExit(status: ExitStatus): string {
  if (status.endedBy === 'spawn-error') return `server could not be started: ${status.spawnError}`;
  const how = status.signal ? `was killed by ${status.signal}` : `exited with code ${status.code}`;
  const why =
    status.endedBy === 'self'
      ? ''
      : ` (after ${status.endedBy === 'stdin-close' ? 'stdin was closed' : status.endedBy})`;
  return `server ${how}${why}`;
}

const ORPHAN_NOTES = {
  'unknown-id': 'response to an id that was never sent',
  'duplicate-response': 'second response to an id already answered',
  'late-response': 'response after the harness stopped waiting',
};

function appendNote(note: string | undefined, extra: string): string {
  return note ? `${note}; ${extra}` : extra;
}

/** The head of an over-long line reads like a JSON-RPC message (not a log line that happens to be long). */
function looksLikeMessage(head: Uint8Array): boolean {
  const text = Buffer.from(head.subarray(0, 256)).toString('utf8');
  return /^\s*\{/.test(text) && /"(jsonrpc|id|result|method)"\s*:/.test(text);
}

/** The message's id when it comes before any nested object or array: `{"jsonrpc":"2.0","id":7,"result":...`. */
export function leadingId(head: Uint8Array): JsonRpcId | undefined {
  const text = Buffer.from(head.subarray(0, 512)).toString('utf8');
  const match = /^\s*\{[^{}[\]]*?"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")\s*[,}]/.exec(text);
  if (!match) return undefined;
  try {
    return JSON.parse(match[1]) as JsonRpcId;
  } catch {
    return undefined;
  }
}

type ParsedFrame = { ok: true; message: JsonObject; faults: string[] } | { ok: false; reason: string };

export function parseFrame(line: Uint8Array): ParsedFrame {
  if (line.length === 0) return { ok: false, reason: 'empty line on stdout' };
  // Cheap rejection first: a flood of log lines must not cost one exception each.
  let first = hasByteOrderMark(line) ? 3 : 0;
  while (first < line.length && (line[first] === 0x20 || line[first] === 0x09)) first++;
  // An object is a message; an array may be a batch, named as such.
  if (line[first] !== 0x7b && line[first] !== 0x5b)
    return { ok: false, reason: isValidUtf8(line) ? 'line is not JSON' : 'line is not valid UTF-8' };
  const { text, faults } = decodeLine(line);
  let value: unknown;
  try {
    value = parseBoundedJson(text);
  } catch {
    return { ok: false, reason: isValidUtf8(line) ? 'line is not JSON' : 'line is not valid UTF-8' };
  }
  if (!isObject(value))
    return {
      ok: false,
      reason: Array.isArray(value)
        ? 'line is a JSON array (a JSON-RPC batch, which MCP does not use), not a message object'
        : `line is JSON but not a JSON-RPC object (${typeof value})`,
    };
  // Objects that try to be JSON-RPC are messages (the schema check judges them); anything else is noise.
  if (!('method' in value) && !('result' in value) && !('error' in value)) {
    return { ok: false, reason: 'JSON object that is not a JSON-RPC message' };
  }
  return { ok: true, message: value, faults };
}
