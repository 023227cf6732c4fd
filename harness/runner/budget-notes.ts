// The revision's notes of what the memory budgets left out: the checks judged what was kept,
// and a reader must know that a flood or a giant message was counted rather than held.
import type { WireRecorder } from '../recorder/wire-log.js';

const MB = 1024 * 1024;

/** One line per budget that left something out, with its count and its size on the wire when known. */
export function budgetNotes(recorder: WireRecorder): string[] {
  const lines = recorder.spent
    .entries()
    .map(({ what, count, bytes }) => `memory budget: ${count} ${what}${size(bytes)}`);
  if (recorder.contentDropped > 0)
    lines.push(
      `memory budget: ${recorder.contentDropped} wire log entries kept without their content (the wire log's content budget)`,
    );
  if (recorder.dropped > 0) lines.push(`memory budget: ${recorder.dropped} wire log entries not kept (entry cap)`);
  return lines;
}

function size(bytes: number): string {
  return bytes > 0 ? ` (${(bytes / MB).toFixed(1)} MB on the wire)` : '';
}
