// What a stdio connection needs of the server at the other end of its pipes: a child process
// (stdio-process.ts) or a server object in the harness's own process (in-process-server.ts).
// Both carry the same newline-delimited bytes, so framing, pollution and schema checks judge alike.
import type { ProcessActivity } from './descendant-watch.js';
import type { Ended } from './descendants.js';
import type { ExitStatus } from './stdio-process.js';

export interface ServerProcess {
  readonly pid: number | undefined;
  /** The head and tail of what the server wrote to stderr (in-process: nothing, it has none of its own). */
  readonly stderr: { toString(): string };
  /** Settles once the server has ended and its output has been read. */
  readonly exited: Promise<ExitStatus>;
  readonly exitStatus: ExitStatus | undefined;
  readonly heldOpenBy: number[] | undefined;
  readonly endedDescendants: Ended[];
  readonly descendantsNotKept: number;
  readonly running: boolean;
  /** Bytes written to the server that it has not read yet. */
  readonly stdinBacklog: number;
  /** Why there is no process whose exit the checks could watch; undefined for a child process. */
  readonly noProcess?: string;
  write(bytes: Uint8Array | string): Promise<boolean>;
  /** Graceful end: close the input and wait (bounded) for the server to go. */
  close(): Promise<ExitStatus>;
  /** Immediate end, for a server being replaced that may still be busy. */
  kill(): Promise<ExitStatus>;
  endStdin(): void;
  exitsWithin(ms: number): Promise<boolean>;
  /** A child process: its CPU time and whether it runs or waits to (undefined in-process or off Linux). */
  activity?(): ProcessActivity | undefined;
}
