// Processes a killed run may leave behind: a stdio server the CLI started in its own process
// group. Only processes whose command line names this implementation's cache folders are ours.
import { readdirSync, readFileSync } from 'node:fs';

export function sweep(folders: string[]): number {
  let killed = 0;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0; // no /proc: nothing to look at
  }
  for (const pid of pids) {
    if (Number(pid) === process.pid) continue;
    let commandLine: string;
    try {
      commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!folders.some((folder) => commandLine.includes(`${folder}/`) || commandLine.split('\0').includes(folder)))
      continue;
    try {
      process.kill(Number(pid), 'SIGKILL');
      killed++;
    } catch {
      /* gone meanwhile */
    }
  }
  return killed;
}
