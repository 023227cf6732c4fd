// A target server spawned as a child process: raw stdout frames, captured stderr, and a
// teardown that closes stdin, then SIGTERMs, then SIGKILLs the whole process group. Its exit is
// the exit event; stdout held open after it (by an escaped descendant) is waited for a bounded
// moment, then its holders are killed and the pipe dropped. Descendants that left the group and
// hold none of its pipes (a daemon) are known from walks of /proc, or by a cookie in their
// environment, and killed once it exits.
import { randomUUID } from 'node:crypto';
import { execa, type ResultPromise } from 'execa';
import { DescendantWatch, type ProcessActivity } from './descendant-watch.js';
import { COOKIE_VARIABLE, type Ended } from './descendants.js';
import { LineFramer, type Frame } from './line-framer.js';
import { serverEnvironment } from './server-env.js';
import { killHolders, pipeEndsOf, signalGroup, trackGroup, untrackGroup } from './process-groups.js';

export interface StdioCommand {
  command: string;
  args: string[];
  cwd?: string;
  env?: Record<string, string>;
  /** The runner's whole environment instead of its allow-list (server-env.ts). */
  inheritEnv?: boolean;
}

export interface ProcessLimits {
  /** Longest stdout line buffered before it is reported as oversized. */
  maxLineBytes: number;
  /** stderr bytes kept (head and tail) for the report. */
  maxStderrBytes: number;
  /** Time given to each teardown step (stdin close, SIGTERM) before the next. */
  gracePeriodMs: number;
  /**
   * Start-up allowance: until the process first writes to stdout, request clocks do not run
   * (up to this long after spawn). A slow start is the machine's, not the server's answer time.
   */
  startupMs: number;
  /** How long stdout may stay open after the process exited before whoever holds it is stopped (default 1000). */
  stdoutAfterExitMs?: number;
}

export const DEFAULT_PROCESS_LIMITS: ProcessLimits = {
  maxLineBytes: 8 * 1024 * 1024,
  maxStderrBytes: 256 * 1024,
  gracePeriodMs: 2000,
  startupMs: 30_000,
};

export interface ExitStatus {
  code: number | null;
  signal: string | null;
  /** How the process ended: by itself, after stdin closed, or after a signal from us. */
  endedBy: 'self' | 'stdin-close' | 'SIGTERM' | 'SIGKILL' | 'spawn-error';
  spawnError?: string;
}

export interface StdioProcessEvents {
  onFrame(frame: Frame): void;
  onStderr(chunk: Uint8Array): void;
  onExit(status: ExitStatus): void;
}

/**
 * Keeps the first and last bytes of a stream within a budget. The tail is a ring written in place:
 * a new tail per chunk (the old one and the chunk joined) made 50 MB of stderr allocate about 150 MB
 * of buffers, and the run peaked 30 to 40 MB higher.
 */
export class HeadTailBuffer {
  private head = Buffer.alloc(0);
  private ring: Buffer | undefined;
  /** Where the next tail byte goes in the ring, and how much of it holds bytes. */
  private ringEnd = 0;
  private ringFilled = 0;
  total = 0;
  private readonly half: number;
  constructor(budget: number) {
    this.half = Math.floor(budget / 2);
  }
  push(chunk: Uint8Array): void {
    this.total += chunk.length;
    if (this.head.length < this.half) {
      const take = Math.min(this.half - this.head.length, chunk.length);
      this.head = Buffer.concat([this.head, chunk.subarray(0, take)]);
      chunk = chunk.subarray(take);
    }
    if (chunk.length > 0 && this.half > 0) this.pushTail(chunk);
  }
  private pushTail(chunk: Uint8Array): void {
    this.ring ??= Buffer.allocUnsafe(this.half);
    const kept = chunk.subarray(Math.max(0, chunk.length - this.half));
    const first = Math.min(kept.length, this.half - this.ringEnd);
    this.ring.set(kept.subarray(0, first), this.ringEnd);
    this.ring.set(kept.subarray(first), 0);
    this.ringEnd = (this.ringEnd + kept.length) % this.half;
    this.ringFilled = Math.min(this.half, this.ringFilled + kept.length);
  }
  /** The tail in order: the ring from its oldest byte. */
  private tail(): Buffer {
    if (!this.ring) return Buffer.alloc(0);
    if (this.ringFilled < this.half) return this.ring.subarray(0, this.ringFilled);
    return Buffer.concat([this.ring.subarray(this.ringEnd), this.ring.subarray(0, this.ringEnd)]);
  }
  toString(): string {
    const tail = this.tail();
    const dropped = this.total - this.head.length - tail.length;
    const middle = dropped > 0 ? `\n[... ${dropped} bytes of stderr not kept ...]\n` : '';
    return this.head.toString('utf8') + middle + tail.toString('utf8');
  }
}

export class StdioProcess {
  readonly stderr: HeadTailBuffer;
  readonly pid: number | undefined;
  /** Settles once the process has exited and its stdout has ended, or was given up on (bounded). */
  readonly exited: Promise<ExitStatus>;
  /** Set by the exit event itself: a descendant holding stdout open does not keep the process "running". */
  exitStatus: ExitStatus | undefined;
  /** Pids that still held the server's stdout or stderr open after it exited (then killed). */
  heldOpenBy: number[] | undefined;
  /** Descendants outside the group, holding none of its pipes, still running after it exited (then killed). */
  endedDescendants: Ended[] = [];
  /** Descendants seen beyond the walk's cap, neither kept nor killed. */
  descendantsNotKept = 0;
  private readonly child: ResultPromise;
  private closing: 'stdin-close' | 'SIGTERM' | 'SIGKILL' | undefined;
  private stdinBroken = false;
  private readonly exitEvent: Promise<void>;
  private readonly pipeEnds: string[];
  private readonly descendants: DescendantWatch;

  constructor(
    readonly spec: StdioCommand,
    private readonly events: StdioProcessEvents,
    private readonly limits: ProcessLimits = DEFAULT_PROCESS_LIMITS,
  ) {
    this.stderr = new HeadTailBuffer(limits.maxStderrBytes);
    const framer = new LineFramer(limits.maxLineBytes);
    // Inherited by every descendant: how a daemon whose parents exited is still found (descendants.ts).
    const cookie = randomUUID();
    this.child = execa(spec.command, spec.args, {
      cwd: spec.cwd,
      env: { ...serverEnvironment(spec), [COOKIE_VARIABLE]: cookie },
      extendEnv: false, // only what serverEnvironment gives: a server may echo its environment
      detached: true, // own process group, so teardown reaches grandchildren too
      cleanup: false, // we kill the group ourselves (see process-groups.ts)
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'pipe',
      buffer: false,
      encoding: 'buffer',
      reject: false,
      stripFinalNewline: false,
      forceKillAfterDelay: false,
    });
    this.pid = this.child.pid;
    // The server's ends of our pipes: whoever still holds them after it exits escaped its group.
    this.pipeEnds = this.pid === undefined ? [] : pipeEndsOf(this.pid, [0, 1, 2]);
    if (this.pid !== undefined) trackGroup(this.pid, this.pipeEnds);
    this.descendants = new DescendantWatch(this.pid, cookie);

    const stdoutEnded = new Promise<void>((resolve) => {
      this.child.stdout!.once('close', resolve);
      this.child.stdout!.once('error', () => resolve());
    });
    this.child.stdout!.on('data', (chunk: Uint8Array) => framer.push(chunk, (frame) => events.onFrame(frame)));
    this.child.stdout!.on('end', () => framer.end((frame) => events.onFrame(frame)));
    this.child.stderr!.on('data', (chunk: Uint8Array) => {
      this.stderr.push(chunk);
      events.onStderr(chunk);
    });
    this.child.stderr!.on('error', () => {});
    this.child.stdin!.on('error', () => {
      this.stdinBroken = true; // EPIPE: the server closed stdin or died
    });

    let settle!: (status: ExitStatus) => void;
    this.exited = new Promise((resolve) => (settle = resolve));
    this.exitEvent = new Promise((resolve) => {
      // The exit event, not the end of stdout: a descendant may hold stdout open for ever.
      this.child.once('exit', (code, signal) => {
        this.exitStatus ??= { code, signal, endedBy: this.closing ?? 'self' };
        resolve();
      });
      // A spawn failure may come without an exit event; execa reports it.
      void this.child.then((result) => {
        const spawnFailed = result.failed && result.exitCode === undefined && !result.signal;
        this.exitStatus ??= {
          code: result.exitCode ?? null,
          signal: result.signal ?? null,
          endedBy: spawnFailed ? 'spawn-error' : (this.closing ?? 'self'),
          spawnError: spawnFailed ? spawnProblem(spec.command, result.message ?? 'spawn failed') : undefined,
        };
        resolve();
      });
    });
    void this.exitEvent.then(async () => {
      // Reap anything the server left running in its group; stopped first, so that the walk sees
      // what they started and none starts more.
      if (this.pid !== undefined) signalGroup(this.pid, 'SIGSTOP');
      this.descendants.walkNow(true);
      if (this.pid !== undefined) signalGroup(this.pid, 'SIGKILL');
      // Its last answers are still in the pipe: read them before anything is declared unanswered.
      const ended = await Promise.race([
        stdoutEnded.then(() => true),
        delay(limits.stdoutAfterExitMs ?? DEFAULT_STDOUT_AFTER_EXIT_MS, false),
      ]);
      if (!ended) {
        // Someone outside the group holds the pipe: stop them and stop reading.
        this.heldOpenBy = killHolders(this.pipeEnds);
        this.child.stdout!.destroy();
        this.child.stderr!.destroy();
      }
      // After the stdout wait, so that a holder of stdout stays the exit checks' finding.
      this.endedDescendants = this.descendants.end(this.heldOpenBy);
      this.descendantsNotKept = this.descendants.notKept;
      if (this.pid !== undefined) untrackGroup(this.pid);
      events.onExit(this.exitStatus!);
      settle(this.exitStatus!);
    });
  }

  get running(): boolean {
    return this.exitStatus === undefined;
  }

  /** Bytes written to the server's stdin that it has not read yet. */
  get stdinBacklog(): number {
    return this.child.stdin!.writableLength;
  }

  /** Writes bytes to the server's stdin; false when the pipe is already closed. */
  write(bytes: Uint8Array | string): Promise<boolean> {
    const stdin = this.child.stdin!;
    if (!this.running || this.stdinBroken || stdin.destroyed || stdin.writableEnded) return Promise.resolve(false);
    return new Promise((resolve) => {
      stdin.write(bytes, (error) => resolve(!error));
    });
  }

  /** Graceful teardown: close stdin, wait, SIGTERM the group, wait, SIGKILL the group. Every wait is bounded. */
  async close(): Promise<ExitStatus> {
    if (this.exitStatus) return this.exited;
    const grace = this.limits.gracePeriodMs;
    this.descendants.walkNow(); // whatever it started lately, before its exit reparents it
    this.closing = 'stdin-close';
    this.child.stdin!.end();
    if (await this.exitsWithin(grace)) return this.exited;
    this.closing = 'SIGTERM';
    if (this.pid !== undefined) signalGroup(this.pid, 'SIGTERM');
    if (await this.exitsWithin(grace)) return this.exited;
    return this.kill();
  }

  /** Immediate SIGKILL of the whole group and of whatever holds its pipes; waits a grace period at most. */
  async kill(): Promise<ExitStatus> {
    if (this.exitStatus) return this.exited;
    this.closing = 'SIGKILL';
    if (this.pid !== undefined) signalGroup(this.pid, 'SIGSTOP');
    this.descendants.walkNow();
    if (this.pid !== undefined) signalGroup(this.pid, 'SIGKILL');
    killHolders(this.pipeEnds);
    const grace = this.limits.gracePeriodMs;
    const status = await Promise.race([
      this.exited,
      delay(grace + (this.limits.stdoutAfterExitMs ?? DEFAULT_STDOUT_AFTER_EXIT_MS), undefined),
    ]);
    return status ?? { code: null, signal: null, endedBy: 'SIGKILL' };
  }

  /** CPU time and runnability of the server and its descendants: whether a server that has not exited is idle. */
  activity(): ProcessActivity | undefined {
    if (!this.running) return undefined;
    this.descendants.walkNow();
    return this.descendants.activity();
  }

  /** Closes stdin only, for checks of the server's own shutdown behaviour. */
  endStdin(): void {
    this.descendants.walkNow();
    this.closing ??= 'stdin-close';
    this.child.stdin!.end();
  }

  /** True once the process has exited (the exit event), within `ms`. */
  exitsWithin(ms: number): Promise<boolean> {
    if (this.exitStatus) return Promise.resolve(true);
    return Promise.race([this.exitEvent.then(() => true), delay(ms, false)]);
  }
}

/** How long stdout may stay open after the process exited before a holder is looked for. */
const DEFAULT_STDOUT_AFTER_EXIT_MS = 1000;

function delay<T>(ms: number, value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), ms).unref());
}

function spawnProblem(command: string, message: string): string {
  if (message.includes('ENOENT')) return `command not found: ${command}`;
  if (message.includes('EACCES')) return `permission denied: ${command}`;
  return firstLine(message);
}

function firstLine(text: string): string {
  return text.split('\n').find((line) => line.trim().length > 0) ?? text;
}

/** How a server process ended, in words for notes and reasons. */
export function describeExit(status: ExitStatus): string {
  if (status.endedBy === 'spawn-error') return `server could not be started: ${status.spawnError}`;
  // No code and no signal: an in-process server, which ends rather than exits.
  const ended = status.code === null ? 'ended' : `exited with code ${status.code}`;
  const how = status.signal ? `was killed by ${status.signal}` : ended;
  const why =
    status.endedBy === 'self'
      ? ''
      : ` (after ${status.endedBy === 'stdin-close' ? 'stdin was closed' : status.endedBy})`;
  return `server ${how}${why}`;
}
