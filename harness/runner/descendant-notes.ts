// The revision's note of the server descendants the harness ended: processes that left the
// server's group, held none of its pipes and were still running once it exited (a daemon). Their
// commands are the server's to choose, so each is cut short and its control characters escaped.
import type { Ended } from '../transports/descendants.js';

export interface EndedBy {
  /** The connection whose server left them (`stdio#3`). */
  connection: string;
  ended: Ended[];
  /** Descendants seen beyond the walk's cap: neither tracked nor killed. */
  notKept: number;
}

const PIDS_PER_LINE = 5;
const LINES = 20;
const COMMAND_CHARS = 80;

/** One line per connection that left descendants, at most LINES of them and a count of the rest. */
export function descendantNotes(all: EndedBy[]): string[] {
  const lines = all.filter((one) => one.ended.length > 0 || one.notKept > 0).map(describe);
  if (lines.length <= LINES) return lines;
  return [...lines.slice(0, LINES), `${lines.length - LINES} more connections left descendants (not listed)`];
}

function describe({ connection, ended, notKept }: EndedBy): string {
  const parts: string[] = [];
  if (ended.length > 0) {
    const listed = ended.slice(0, PIDS_PER_LINE).map(({ pid, command }) => `pid ${pid} ${quoteCommand(command)}`);
    const more = ended.length > PIDS_PER_LINE ? `, and ${ended.length - PIDS_PER_LINE} more` : '';
    parts.push(
      `ended ${ended.length} ${ended.length === 1 ? 'descendant' : 'descendants'} still running after the server exited, outside its process group and holding none of its pipes: ${listed.join(', ')}${more}`,
    );
  }
  if (notKept > 0) parts.push(`${notKept} more descendants seen beyond the cap were not tracked and may still run`);
  return `${connection}: ${parts.join('; ')}`;
}

/** A command as a quoted, escaped string of at most COMMAND_CHARS characters. */
export function quoteCommand(command: string): string {
  const chars = [...command];
  const cut = chars.length > COMMAND_CHARS ? `${chars.slice(0, COMMAND_CHARS).join('')}…` : command;
  // Controls and invisible format characters (bidi overrides) shown as escapes, never acted on.
  const escaped = cut
    .replaceAll('\\', '\\\\')
    .replaceAll('"', '\\"')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, (char) => `\\u${char.codePointAt(0)!.toString(16).padStart(4, '0')}`);
  return `"${escaped}"`;
}
