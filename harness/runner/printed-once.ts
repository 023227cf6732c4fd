// A server message that arrives while several checks are in flight belongs to each of them, and
// every report would print it once per check: a big one, once per transcript it is in. It is
// printed in full where it first appears; later transcripts keep its metadata and say where.
import { printedSize } from '../recorder/abridge.js';
import { contentless } from './contentless.js';
import type { CheckResult, RevisionRun } from '../results/results.js';
import type { WireEntry } from '../results/wire-entry.js';

/** Printed size past which a repeated entry is printed only once. */
export const PRINTED_ONCE_BYTES = 4 * 1024;

/** Replaces, in place, every repeat of a large entry with a copy that points to its first print. */
export function printLargeEntriesOnce(runs: RevisionRun[], checks: CheckResult[]): void {
  const firstIn = new Map<WireEntry, string>();
  const large = new Map<WireEntry, boolean>();
  const walk = (transcript: WireEntry[], where: string) => {
    for (let i = 0; i < transcript.length; i++) {
      const entry = transcript[i];
      const first = firstIn.get(entry);
      if (first === undefined) firstIn.set(entry, where);
      else if (isLarge(entry, large))
        transcript[i] = contentless(entry, `content printed once, in the transcript of ${first} (seq ${entry.seq})`);
    }
  };
  for (const run of runs) walk(run.discoveryTranscript, `${run.revision}/discovery`);
  for (const check of checks) walk(check.transcript, check.id);
}

function isLarge(entry: WireEntry, cache: Map<WireEntry, boolean>): boolean {
  let large = cache.get(entry);
  if (large === undefined) {
    large = (entry.text?.length ?? 0) + printedSize(entry.message, PRINTED_ONCE_BYTES) > PRINTED_ONCE_BYTES;
    cache.set(entry, large);
  }
  return large;
}
