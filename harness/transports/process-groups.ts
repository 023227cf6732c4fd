// Every spawned target runs in its own process group; this registry makes sure each group is
// killed when the harness exits, whatever the reason, so no target outlives the run.

const liveGroups = new Set<number>();
let hooked = false;

export function trackGroup(pid: number): void {
  liveGroups.add(pid);
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

/** Synchronous last resort, safe to call from an 'exit' handler. */
export function killAllGroupsNow(): void {
  for (const pid of liveGroups) signalGroup(pid, 'SIGKILL');
  liveGroups.clear();
}

export function liveGroupCount(): number {
  return liveGroups.size;
}
