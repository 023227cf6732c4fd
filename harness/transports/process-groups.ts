// Every spawned target runs in its own process group; this registry makes sure each group is
// killed when the harness exits, whatever the reason, so no target outlives the run. A
// descendant that left the group (setsid, a daemonizing wrapper) is found by what it still
// holds: the target's end of our stdio pipes (Linux, through /proc).
import { readdirSync, readlinkSync } from 'node:fs';

/** Group leader pid -> the links (`socket:[inode]`) of the target's ends of its stdio pipes. */
const liveGroups = new Map<number, string[]>();
let hooked = false;

export function trackGroup(pid: number, pipeEnds: string[] = []): void {
  liveGroups.set(pid, pipeEnds);
  if (!hooked) {
    hooked = true;
    process.once('exit', killAllGroupsNow);
  }
}

export function untrackGroup(pid: number): void {
  liveGroups.delete(pid);
}

export function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false; // ESRCH: the group is already gone
  }
}

/** What the process's file descriptors point at (`socket:[123]`), read right after spawn; empty off Linux. */
export function pipeEndsOf(pid: number, fds: number[]): string[] {
  const ends: string[] = [];
  for (const fd of fds) {
    try {
      ends.push(readlinkSync(`/proc/${pid}/fd/${fd}`));
    } catch {
      /* no /proc, or the process is already gone */
    }
  }
  return ends;
}

/** Pids (not ours) that hold any of these pipe ends open. */
export function holdersOf(pipeEnds: string[]): number[] {
  if (pipeEnds.length === 0) return [];
  const wanted = new Set(pipeEnds);
  const holders: number[] = [];
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  for (const name of pids) {
    const pid = Number(name);
    if (pid === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${name}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (wanted.has(readlinkSync(`/proc/${name}/fd/${fd}`))) {
          holders.push(pid);
          break;
        }
      } catch {
        /* closed meanwhile */
      }
    }
  }
  return holders;
}

/** SIGKILLs every process still holding the pipe ends; returns their pids. */
export function killHolders(pipeEnds: string[]): number[] {
  const holders = holdersOf(pipeEnds);
  for (const pid of holders) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone meanwhile */
    }
  }
  return holders;
}

/** Synchronous last resort, safe to call from an 'exit' handler. */
export function killAllGroupsNow(): void {
  for (const [pid, pipeEnds] of liveGroups) {
    signalGroup(pid, 'SIGKILL');
    killHolders(pipeEnds);
  }
  liveGroups.clear();
}

export function liveGroupCount(): number {
  return liveGroups.size;
}
