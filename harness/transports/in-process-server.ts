// A server object in the harness's own process, given a pair of in-memory streams in place of a
// child's stdin and stdout: the harness writes and reads the same newline-delimited bytes as over
// stdio, so the same framing, pollution and schema judgements apply. There is no process: no exit
// code, stderr or descendants; the server "exits" only by ending its output, and the harness ends it
// by calling its close().
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { LineFramer } from './line-framer.js';
import type { ServerProcess } from './server-process.js';
import {
  DEFAULT_PROCESS_LIMITS,
  type ExitStatus,
  type ProcessLimits,
  type StdioProcessEvents,
} from './stdio-process.js';

/** The server's ends: it reads JSON-RPC lines from `input` and writes its own to `output`. */
export interface InProcessStreams {
  input: Readable;
  output: Writable;
}

/** One connected server; close() lets go of it (the harness's end of a connection). */
export interface InProcessConnection {
  close(): void | Promise<void>;
}

/** A server the harness connects to in its own process; connect is called once per connection, for a fresh server. */
export interface InProcessServer {
  /** Names the server in reports: the target reads "in-process: <name>". */
  name: string;
  connect(streams: InProcessStreams): InProcessConnection | Promise<InProcessConnection>;
}

/** The skip reason of checks that watch a process exit or its stderr. */
export const NO_PROCESS = 'in-process target: no server process whose exit, stderr or descendants could be watched';

export class InProcessPipes implements ServerProcess {
  readonly pid = undefined;
  readonly stderr = { toString: () => '' };
  readonly exited: Promise<ExitStatus>;
  exitStatus: ExitStatus | undefined;
  readonly heldOpenBy = undefined;
  readonly endedDescendants = [];
  readonly descendantsNotKept = 0;
  readonly noProcess = NO_PROCESS;
  private readonly input = new PassThrough();
  private readonly output = new PassThrough();
  private readonly framer: LineFramer;
  private readonly connection: Promise<InProcessConnection | undefined>;
  private settle!: (status: ExitStatus) => void;

  constructor(
    server: InProcessServer,
    private readonly events: StdioProcessEvents,
    private readonly limits: ProcessLimits = DEFAULT_PROCESS_LIMITS,
  ) {
    this.framer = new LineFramer(limits.maxLineBytes);
    this.exited = new Promise((resolve) => (this.settle = resolve));
    // Writes after teardown fail quietly, as a closed pipe's would.
    this.input.on('error', () => undefined);
    this.output.on('error', () => undefined);
    this.output.on('data', (chunk: Uint8Array) => this.framer.push(chunk, (frame) => events.onFrame(frame)));
    // A server that ends its output has left the connection, as a process that exits.
    this.output.on('end', () => this.end({ code: null, signal: null, endedBy: 'self' }));
    const streams = { input: this.input, output: this.output };
    this.connection = Promise.resolve()
      .then(() => server.connect(streams))
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        const spawnError = `in-process server ${server.name} failed to connect: ${message}`;
        this.end({ code: null, signal: null, endedBy: 'spawn-error', spawnError });
        return undefined;
      });
  }

  get running(): boolean {
    return this.exitStatus === undefined;
  }

  get stdinBacklog(): number {
    return this.input.writableLength + this.input.readableLength;
  }

  write(bytes: Uint8Array | string): Promise<boolean> {
    if (!this.running || this.input.writableEnded) return Promise.resolve(false);
    return new Promise((resolve) => this.input.write(bytes, (error) => resolve(!error)));
  }

  /** Calls the server's close(), bounded by the grace period, then ends both streams. */
  async close(): Promise<ExitStatus> {
    if (this.exitStatus) return this.exited;
    const connection = await this.connection;
    if (this.exitStatus) return this.exited;
    const closed = Promise.resolve()
      .then(() => connection?.close())
      .catch(() => undefined);
    await Promise.race([closed, delay(this.limits.gracePeriodMs)]);
    this.end({ code: null, signal: null, endedBy: 'stdin-close' });
    return this.exited;
  }

  /** Lets go of the server at once: its close() is called, not waited for. */
  async kill(): Promise<ExitStatus> {
    if (this.exitStatus) return this.exited;
    void this.connection.then((connection) => connection?.close()).catch(() => undefined);
    this.end({ code: null, signal: null, endedBy: 'stdin-close' });
    return this.exited;
  }

  /** Ends the server's input; with no process, nothing can exit on it (the checks that would judge it skip). */
  endStdin(): void {
    this.input.end();
  }

  exitsWithin(ms: number): Promise<boolean> {
    if (this.exitStatus) return Promise.resolve(true);
    return Promise.race([this.exited.then(() => true), delay(ms).then(() => false)]);
  }

  private end(status: ExitStatus): void {
    if (this.exitStatus) return;
    this.exitStatus = status;
    // What the server wrote before it ended is read before anything is declared unanswered.
    this.framer.end((frame) => this.events.onFrame(frame));
    this.input.destroy();
    this.output.destroy();
    this.events.onExit(status);
    this.settle(status);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
