// The descendants of a spawned server, found through /proc (Linux): children by the ppid field,
// members of its session or group, each known by pid and start time so that a reused pid is never
// taken for one. A descendant reparented to init once its parent exited is still known if a walk
// saw it before. Off Linux every read fails and nothing is found.
import { closeSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';

export interface ProcStat {
  pid: number;
  /** Field 3: R, S, D, Z (zombie: already dead) ... */
  state: string;
  ppid: number;
  pgrp: number;
  session: number;
  /** Field 22, clock ticks after boot: with the pid, the process's identity. */
  start: number;
  /** Fields 14 and 15, user and system CPU time in clock ticks. */
  cpu?: number;
}

/** A process as the walk knows it. */
export interface Known {
  pid: number;
  start: number;
}

/** One line of /proc/<pid>/stat; undefined when it does not parse. */
export function parseStat(text: string): ProcStat | undefined {
  // The command (field 2) is in parentheses and may hold spaces and ')': fields start after the last ')'.
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 1 || close < open) return undefined;
  const rest = text.slice(close + 2).split(' ');
  const field = (n: number) => Number(rest[n - 3]);
  const stat = {
    pid: Number(text.slice(0, open)),
    state: rest[0] ?? '',
    ppid: field(4),
    pgrp: field(5),
    session: field(6),
    start: field(22),
    cpu: field(14) + field(15),
  };
  const numbers = [stat.pid, stat.ppid, stat.pgrp, stat.session, stat.start];
  return numbers.every(Number.isInteger) ? stat : undefined;
}

export function readStat(pid: number): ProcStat | undefined {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, 'latin1'));
  } catch {
    return undefined; // gone, or no /proc
  }
}

export interface Snapshot {
  stats: ProcStat[];
  /** Processes not read because the snapshot hit its cap. */
  unread: number;
}

/** The stat of every process, at most `cap` of them. */
export function readProcesses(cap: number): Snapshot {
  let names: string[];
  try {
    names = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return { stats: [], unread: 0 };
  }
  const stats: ProcStat[] = [];
  for (const name of names.slice(0, cap)) {
    const stat = readStat(Number(name));
    if (stat) stats.push(stat);
  }
  return { stats, unread: Math.max(0, names.length - cap) };
}

/**
 * Adds to `known` (pid -> start time) what the snapshot shows descending from `root`: children
 * of the root or of a known descendant, and members of the root's session or group while the
 * root itself is there, or `justExited` (no other process has its pid yet, and Linux reuses no
 * pid still naming a live group or session). Known entries whose pid now has another start time
 * are dropped. At most `cap` are kept; returns how many more were seen and not kept.
 */
export function extendDescendants(
  root: Known,
  known: Map<number, number>,
  snapshot: Snapshot,
  cap: number,
  justExited = false,
): number {
  const byPid = new Map(snapshot.stats.map((stat) => [stat.pid, stat]));
  for (const [pid, start] of known) {
    const now = byPid.get(pid);
    // A reused pid is another process; an absent one is gone (unless the snapshot was cut short).
    if (now ? now.start !== start : snapshot.unread === 0) known.delete(pid);
  }
  const rootPid = byPid.get(root.pid);
  const rootThere = rootPid?.start === root.start;
  const anchored = rootThere || (justExited && rootPid === undefined);
  const children = new Map<number, ProcStat[]>();
  for (const stat of snapshot.stats) {
    const siblings = children.get(stat.ppid);
    if (siblings) siblings.push(stat);
    else children.set(stat.ppid, [stat]);
  }
  let notKept = 0;
  const queue: Known[] = [...known].map(([pid, start]) => ({ pid, start }));
  const add = (stat: ProcStat) => {
    if (stat.pid === process.pid || stat.pid <= 1 || stat.pid === root.pid || known.has(stat.pid)) return;
    if (known.size >= cap) return void notKept++;
    known.set(stat.pid, stat.start);
    queue.push(stat);
  };
  if (rootThere) queue.push(root);
  if (anchored) {
    // The server leads its own session and group: their members are its descendants.
    for (const stat of snapshot.stats)
      if ((stat.session === root.pid || stat.pgrp === root.pid) && stat.start >= root.start) add(stat);
  }
  while (queue.length > 0) {
    const parent = queue.pop()!;
    // A child starts after its parent: a later process on a reused parent pid is no child of ours.
    for (const child of children.get(parent.pid) ?? []) if (child.start >= parent.start) add(child);
  }
  return notKept;
}

/** Set in a stdio server's environment, a value of its own: what a descendant inherits even after its parents are gone. */
export const COOKIE_VARIABLE = 'MCP_CONFORM_PROCESS_COOKIE';

/** At most this much of a process's environment is read for the cookie. */
const MAX_ENVIRON_BYTES = 1 << 20;

/**
 * Adds to `known` the processes started since `root` whose environment carries `cookie`: the
 * descendants a walk never saw before their parent exited and init took them (a daemon started
 * through a short-lived child). One that cleared its environment is not found this way.
 */
export function adoptByCookie(
  root: Known,
  cookie: string,
  known: Map<number, number>,
  snapshot: Snapshot,
  cap: number,
): number {
  const entry = Buffer.from(`\0${COOKIE_VARIABLE}=${cookie}\0`);
  let notKept = 0;
  for (const stat of snapshot.stats) {
    if (stat.start < root.start || stat.state === 'Z' || known.has(stat.pid)) continue;
    if (stat.pid === root.pid || stat.pid === process.pid || stat.pid <= 1) continue;
    if (!readEnviron(stat.pid).includes(entry)) continue;
    if (known.size >= cap) notKept++;
    else known.set(stat.pid, stat.start);
  }
  return notKept;
}

let environBuffer: Buffer | undefined;

/** The environment's bytes between NULs, so that every entry reads "\0NAME=value\0"; valid until the next call. */
function readEnviron(pid: number): Buffer {
  let fd: number | undefined;
  try {
    fd = openSync(`/proc/${pid}/environ`, 'r');
    environBuffer ??= Buffer.alloc(MAX_ENVIRON_BYTES + 2);
    environBuffer[0] = 0;
    const read = readSync(fd, environBuffer, 1, MAX_ENVIRON_BYTES, 0);
    environBuffer[read + 1] = 0;
    return environBuffer.subarray(0, read + 2);
  } catch {
    return Buffer.alloc(0); // gone, or another user's
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A process's command line for a note, at most `max` bytes of it (arguments joined by spaces). */
export function readCommand(pid: number, max = 200): string {
  let fd: number | undefined;
  try {
    fd = openSync(`/proc/${pid}/cmdline`, 'r');
    const buffer = Buffer.alloc(max);
    const read = readSync(fd, buffer, 0, max, 0);
    return buffer.subarray(0, read).toString('utf8').replace(/\0+$/, '').replaceAll('\0', ' ');
  } catch {
    return '';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export interface Ended {
  pid: number;
  command: string;
}

/** Known descendants still the process the walk saw (same start time), not zombies, not in `group` (the group kill reaps those). */
function stillThere(known: Map<number, number>, group: number | undefined, except: number[]): number[] {
  return [...known]
    .filter(([pid, start]) => {
      const now = readStat(pid);
      return now && now.start === start && now.state !== 'Z' && now.pgrp !== group && !except.includes(pid);
    })
    .map(([pid]) => pid);
}

/** SIGSTOPs the known descendants not in `frozen` (then adds them), so none forks before the kill; returns how many. */
export function freezeKnown(known: Map<number, number>, group: number | undefined, frozen: Set<number>): number {
  let stopped = 0;
  for (const pid of stillThere(known, group, [...frozen])) {
    try {
      process.kill(pid, 'SIGSTOP');
      frozen.add(pid);
      stopped++;
    } catch {
      /* gone meanwhile */
    }
  }
  return stopped;
}

/** SIGKILLs each known descendant still there (see stillThere); returns what it ended. */
export function killKnown(known: Map<number, number>, group: number | undefined, except: number[] = []): Ended[] {
  const ended: Ended[] = [];
  for (const pid of stillThere(known, group, except)) {
    const command = readCommand(pid);
    try {
      process.kill(pid, 'SIGKILL');
      ended.push({ pid, command });
    } catch {
      /* gone meanwhile */
    }
  }
  return ended;
}
