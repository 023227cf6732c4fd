// A target server spawned as a child process: raw stdout frames, captured stderr, and a
// teardown that closes stdin, then SIGTERMs, then SIGKILLs the whole process group.
import { execa, type ResultPromise } from 'execa';
import { LineFramer, type Frame } from './line-framer.js';
import { signalGroup, trackGroup, untrackGroup } from './process-groups.js';

export interface StdioCommand {
  command: string;
  args: string[];
  cwd?: string;
  env?: Record<string, string>;
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

/** Keeps the first and last bytes of a stream within a budget. */
export class HeadTailBuffer {
  private head = Buffer.alloc(0);
  private tail = Buffer.alloc(0);
  total = 0;
  constructor(private readonly budget: number) {}
  push(chunk: Uint8Array): void {
    this.total += chunk.length;
    const half = this.budget / 2;
    if (this.head.length < half) {
      const take = Math.min(half - this.head.length, chunk.length);
      this.head = Buffer.concat([this.head, chunk.subarray(0, take)]);
      chunk = chunk.subarray(take);
    }
    if (chunk.length > 0) {
      const merged = Buffer.concat([this.tail, chunk]);
      this.tail = merged.subarray(Math.max(0, merged.length - half));
    }
  }
  toString(): string {
    const dropped = this.total - this.head.length - this.tail.length;
    const middle = dropped > 0 ? `\n[... ${dropped} bytes of stderr not kept ...]\n` : '';
    return this.head.toString('utf8') + middle + this.tail.toString('utf8');
  }
}

export class StdioProcess {
  readonly stderr: HeadTailBuffer;
  readonly pid: number | undefined;
  readonly exited: Promise<ExitStatus>;
  exitStatus: ExitStatus | undefined;
  private readonly child: ResultPromise;
  private closing: 'stdin-close' | 'SIGTERM' | 'SIGKILL' | undefined;
  private stdinBroken = false;

  constructor(
    readonly spec: StdioCommand,
    private readonly events: StdioProcessEvents,
    private readonly limits: ProcessLimits = DEFAULT_PROCESS_LIMITS,
  ) {
    this.stderr = new HeadTailBuffer(limits.maxStderrBytes);
    const framer = new LineFramer(limits.maxLineBytes);
    this.child = execa(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      extendEnv: true,
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
    if (this.pid !== undefined) trackGroup(this.pid);

    this.child.stdout!.on('data', (chunk: Uint8Array) => framer.push(chunk, (frame) => events.onFrame(frame)));
    this.child.stdout!.on('end', () => framer.end((frame) => events.onFrame(frame)));
    this.child.stderr!.on('data', (chunk: Uint8Array) => {
      this.stderr.push(chunk);
      events.onStderr(chunk);
    });
    this.child.stdin!.on('error', () => {
      this.stdinBroken = true; // EPIPE: the server closed stdin or died
    });

    this.exited = this.child.then((result) => {
      const spawnFailed = result.failed && result.exitCode === undefined && !result.signal;
      const status: ExitStatus = {
        code: result.exitCode ?? null,
        signal: result.signal ?? null,
        endedBy: spawnFailed ? 'spawn-error' : (this.closing ?? 'self'),
        spawnError: spawnFailed ? spawnProblem(spec.command, result.message ?? 'spawn failed') : undefined,
      };
      this.exitStatus = status;
      if (this.pid !== undefined) {
        // Reap anything the server left running in its group, then forget the group.
        signalGroup(this.pid, 'SIGKILL');
        untrackGroup(this.pid);
      }
      events.onExit(status);
      return status;
    });
  }

  get running(): boolean {
    return this.exitStatus === undefined;
  }

  /** Writes bytes to the server's stdin; false when the pipe is already closed. */
  write(bytes: Uint8Array | string): Promise<boolean> {
    const stdin = this.child.stdin!;
    if (!this.running || this.stdinBroken || stdin.destroyed || stdin.writableEnded) return Promise.resolve(false);
    return new Promise((resolve) => {
      stdin.write(bytes, (error) => resolve(!error));
    });
  }

  /** Graceful teardown: close stdin, wait, SIGTERM the group, wait, SIGKILL the group. */
  async close(): Promise<ExitStatus> {
    if (this.exitStatus) return this.exitStatus;
    const grace = this.limits.gracePeriodMs;
    this.closing = 'stdin-close';
    this.child.stdin!.end();
    if (await this.exitsWithin(grace)) return this.exitStatus!;
    this.closing = 'SIGTERM';
    if (this.pid !== undefined) signalGroup(this.pid, 'SIGTERM');
    if (await this.exitsWithin(grace)) return this.exitStatus!;
    return this.kill();
  }

  /** Immediate SIGKILL of the whole group. */
  async kill(): Promise<ExitStatus> {
    if (this.exitStatus) return this.exitStatus;
    this.closing = 'SIGKILL';
    if (this.pid !== undefined) signalGroup(this.pid, 'SIGKILL');
    return this.exited;
  }

  /** Closes stdin only, for checks of the server's own shutdown behaviour. */
  endStdin(): void {
    this.closing ??= 'stdin-close';
    this.child.stdin!.end();
  }

  exitsWithin(ms: number): Promise<boolean> {
    if (this.exitStatus) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      void this.exited.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

function spawnProblem(command: string, message: string): string {
  if (message.includes('ENOENT')) return `command not found: ${command}`;
  if (message.includes('EACCES')) return `permission denied: ${command}`;
  return firstLine(message);
}

function firstLine(text: string): string {
  return text.split('\n').find((line) => line.trim().length > 0) ?? text;
}
