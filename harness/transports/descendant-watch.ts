// Watches the descendants of every running stdio server with one walk of /proc for all of them,
// repeated while any runs, so a process is known before its parent exits and it is reparented;
// a server's watch ends by killing what it knows. The walk's cost is bounded: at most
// MAX_SCANNED processes read per walk, MAX_KNOWN descendants kept per server (the rest counted),
// and the next walk waits 20 times what the last one took, at least WALK_EVERY_MS.
import {
  adoptByCookie,
  type Ended,
  extendDescendants,
  freezeKnown,
  type Known,
  killKnown,
  readProcesses,
  readStat,
  type Snapshot,
} from './descendants.js';

export const WALK_EVERY_MS = 500;
export const MAX_SCANNED = 8192;
export const MAX_KNOWN = 1000;
/** Rounds of stop-then-walk before the kill: each finds what the last stopped ones had just started. */
const FREEZE_ROUNDS = 4;

const watches = new Set<DescendantWatch>();
let timer: NodeJS.Timeout | undefined;
let hooked = false;

/** What the walks have cost so far (for measurements and tests). */
export const walkCost = { walks: 0, totalMs: 0, lastMs: 0, maxMs: 0 };

/** Whether a server is doing anything: what `DescendantWatch.activity` reads. */
export interface ProcessActivity {
  cpuTicks: number;
  runnable: boolean;
}

export class DescendantWatch {
  /** pid -> start time of every descendant seen. */
  readonly known = new Map<number, number>();
  /** Descendants seen beyond MAX_KNOWN, not kept. */
  notKept = 0;
  private readonly root: Known | undefined;

  /** `cookie`: the value of COOKIE_VARIABLE the server was started with. */
  constructor(
    pid: number | undefined,
    private readonly cookie?: string,
  ) {
    const start = pid === undefined || process.platform !== 'linux' ? undefined : readStat(pid)?.start;
    if (pid === undefined || start === undefined) return; // nothing to walk from: watch nothing
    this.root = { pid, start };
    watches.add(this);
    schedule();
    if (!hooked) {
      hooked = true;
      process.once('exit', endAllNow);
    }
  }

  /** Takes in what one snapshot shows. */
  take(snapshot: Snapshot, justExited = false): void {
    if (this.root) this.notKept += extendDescendants(this.root, this.known, snapshot, MAX_KNOWN, justExited);
  }

  /**
   * The server and its descendants still alive: CPU time used so far (clock ticks) and whether one is
   * running or waiting to (R, D). Undefined off Linux or once nothing of it is left.
   */
  activity(): ProcessActivity | undefined {
    if (!this.root) return undefined;
    let cpuTicks = 0;
    let runnable = false;
    let alive = 0;
    for (const [pid, start] of [[this.root.pid, this.root.start], ...this.known] as Array<[number, number]>) {
      const stat = readStat(pid);
      if (!stat || stat.start !== start || stat.state === 'Z') continue;
      alive++;
      cpuTicks += stat.cpu ?? 0;
      runnable ||= stat.state === 'R' || stat.state === 'D';
    }
    return alive === 0 ? undefined : { cpuTicks, runnable };
  }

  /** Walks now, for a server about to be torn down or (`justExited`) whose exit event just came. */
  walkNow(justExited = false): void {
    if (!watches.has(this)) return;
    if (!justExited) return walk();
    this.take(scan(), true);
  }

  /**
   * Stops every descendant still running outside the group, walking again after each stop for
   * what they had just started, then SIGKILLs them all; the watch stops. Holders in `except`
   * are left to their own kill.
   */
  end(except: number[] = []): Ended[] {
    if (!this.root || !watches.has(this)) return [];
    const frozen = new Set(except);
    if (this.cookie) this.notKept += adoptByCookie(this.root, this.cookie, this.known, scan(), MAX_KNOWN);
    // Nothing known, the root and its group gone: nothing left to anchor a walk on.
    for (let round = 0; round < FREEZE_ROUNDS && this.known.size > 0; round++) {
      this.take(scan());
      if (freezeKnown(this.known, this.root.pid, frozen) === 0) break;
    }
    watches.delete(this);
    return killKnown(this.known, this.root.pid, except);
  }
}

function measured<T>(read: () => T): T {
  const started = performance.now();
  const result = read();
  const ms = performance.now() - started;
  walkCost.walks++;
  walkCost.totalMs += ms;
  walkCost.lastMs = ms;
  walkCost.maxMs = Math.max(walkCost.maxMs, ms);
  return result;
}

function scan(): Snapshot {
  return measured(() => readProcesses(MAX_SCANNED));
}

/** A teardown walk reuses a walk this recent: a session ending closes its servers all at once. */
const FRESH_MS = 50;
let lastWalk: { at: number; snapshot: Snapshot } | undefined;

function walk(): void {
  const now = performance.now();
  if (!lastWalk || now - lastWalk.at > FRESH_MS) lastWalk = { at: now, snapshot: scan() };
  for (const watch of watches) watch.take(lastWalk.snapshot);
}

function schedule(): void {
  if (timer || watches.size === 0) return;
  timer = setTimeout(
    () => {
      timer = undefined;
      if (watches.size === 0) return;
      walk();
      schedule();
    },
    Math.max(WALK_EVERY_MS, 20 * walkCost.lastMs),
  );
  timer.unref();
}

/** Synchronous last resort on the harness's exit: kill every watched server's descendants. */
function endAllNow(): void {
  for (const watch of [...watches]) watch.end();
}

export function watchCount(): number {
  return watches.size;
}
