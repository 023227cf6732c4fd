// A check's transcript keeps its own exchanges; what the server sent unasked while the check ran
// (its requests, notifications, stray output) shares one budget per check. A server that sends a
// request before every answer would otherwise put all of them in every long check's transcript.
import { printedSize } from '../recorder/abridge.js';
import type { WireEntry } from '../results/wire-entry.js';
import { contentless } from './contentless.js';

/** Printed content of unasked server traffic kept in one check's transcript; past it, metadata only. */
export const UNASKED_BYTES_PER_CHECK = 32 * 1024;

/** The transcript with unasked content past the budget dropped, and how many entries lost theirs. */
export function budgetUnasked(entries: WireEntry[]): { transcript: WireEntry[]; notKept: number } {
  let left = UNASKED_BYTES_PER_CHECK;
  let notKept = 0;
  const transcript = entries.map((entry) => {
    if (!isUnasked(entry)) return entry;
    const size = (entry.text?.length ?? 0) + printedSize(entry.message, left);
    if (size <= left) {
      left -= size;
      return entry;
    }
    notKept++;
    return contentless(entry, 'content not kept in this transcript (its budget for unasked server traffic was used)');
  });
  return { transcript, notKept };
}

/** Server traffic no request of the harness asked for: a request, a notification, stray output. */
function isUnasked(entry: WireEntry): boolean {
  if (entry.direction !== 'server->client') return false;
  if (entry.kind === 'pollution' || entry.kind === 'stderr') return true;
  const message = entry.message;
  return entry.kind === 'message' && typeof message === 'object' && message !== null && 'method' in message;
}
