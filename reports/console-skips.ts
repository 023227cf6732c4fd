// Skips crowd a summary: one server without prompts skips every prompt check of both revisions with
// the same reason. The summary shows each reason once, with how many checks it skipped and the first ids.
import type { CheckResult } from '../harness/results/results.js';
import { paint, type Style } from './console-style.js';
import { inlineText, oneLine } from './text.js';

/** Ids named on a grouped line before "and N more". */
const IDS_SHOWN = 3;

/** `results` in order, each run of skips sharing a reason folded into one line; other results through `line`. */
export function withSkipsGrouped(
  results: CheckResult[],
  style: Style,
  line: (result: CheckResult) => string,
): string[] {
  const byReason = new Map<string, CheckResult[]>();
  for (const result of results)
    if (result.verdict === 'skip' && !result.expectedFailure)
      byReason.set(result.reason ?? '', [...(byReason.get(result.reason ?? '') ?? []), result]);
  const lines: string[] = [];
  for (const result of results) {
    const group = result.verdict === 'skip' && !result.expectedFailure ? byReason.get(result.reason ?? '')! : undefined;
    if (!group || group.length === 1) lines.push(line(result));
    else if (group[0] === result) lines.push(groupLine(group, style));
  }
  return lines;
}

function groupLine(group: CheckResult[], style: Style): string {
  const label = paint(style, 'skip', 'SKIP'.padEnd(5));
  const ids = group.slice(0, IDS_SHOWN).map((result) => result.id);
  const more = group.length > IDS_SHOWN ? ` and ${group.length - IDS_SHOWN} more` : '';
  // Reasons quote the server: its escape sequences must not reach the terminal.
  return `${label} ×${group.length} ${inlineText(oneLine(group[0].reason ?? '', 160))}  (${ids.join(', ')}${more})`;
}
