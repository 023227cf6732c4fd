// An entry kept in a transcript for what happened, without what was said: the content is printed
// elsewhere or over a budget. Its schema issues go with its content; the note says where it went.
import type { WireEntry } from '../results/wire-entry.js';

export function contentless(entry: WireEntry, why: string): WireEntry {
  const { message: _message, text: _text, hex: _hex, schema, ...rest } = entry;
  const issues = schema ? `; ${schema.issues.length} schema issue(s) against ${schema.def} not repeated` : '';
  const said = `${why}${issues}`;
  return { ...rest, note: entry.note ? `${entry.note}; ${said}` : said };
}
