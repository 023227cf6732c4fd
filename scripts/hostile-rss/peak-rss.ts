// Peak resident memory of one process (VmHWM in /proc), polled until it exits: the harness alone,
// not the server it runs (which /usr/bin/time -f %M would count when it is the bigger one).
import { readFileSync } from 'node:fs';

export function watchPeakRss(pid: number, everyMs = 20): () => number {
  let peakKb = 0;
  const sample = () => {
    try {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
    } catch {
      // exited
    }
  };
  const timer = setInterval(sample, everyMs);
  return () => {
    clearInterval(timer);
    return peakKb / 1024;
  };
}
