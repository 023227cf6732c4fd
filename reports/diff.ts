// The text of `mcp-conform diff`: regressions first, then fixes, other changes, new and removed
// checks, and the counts. The diff itself is computed by harness/results/diff.ts.
import type { Verdict } from '../harness/results/vocabulary.js';
import type { DiffEntry, DiffSide, ResultsDiff } from '../harness/results/diff.js';
import { oneLine, visibleText } from './text.js';

const upper = (v: Verdict | undefined) => (v ?? '-').toUpperCase();

function lines(title: string, entries: DiffEntry[], show: (e: DiffEntry) => string): string[] {
  if (entries.length === 0) return [];
  return [
    `${title} (${entries.length}):`,
    ...entries.map(
      (e) => `  ${show(e)}  ${e.newId ?? e.oldId}${e.reason ? `  ${visibleText(oneLine(e.reason, 160))}` : ''}`,
    ),
  ];
}

function describe(s: DiffSide): string {
  return `${s.file}: ${visibleText(s.server ?? 'unknown server')} via ${visibleText(s.target)}${s.revision ? `, revision ${s.revision}` : ''} (${s.startedAt}, mcp-conform ${s.tool})`;
}

export function renderDiffText(diff: ResultsDiff): string {
  const change = (e: DiffEntry) => `${upper(e.old).padEnd(5)} -> ${upper(e.new).padEnd(5)}`;
  const out = [`old ${describe(diff.old)}`, `new ${describe(diff.new)}`];
  out.push(...lines('Regressions', diff.regressions, change));
  out.push(...lines('Fixes', diff.fixes, change));
  out.push(...lines('Other changes', diff.changed, change));
  out.push(...lines('New checks', diff.added, (e) => upper(e.new).padEnd(14)));
  out.push(...lines('Removed checks', diff.removed, (e) => `${upper(e.old).padEnd(5)} -> gone`));
  const compared = diff.regressions.length + diff.fixes.length + diff.changed.length + diff.unchanged;
  if (compared === 0 && diff.added.length > 0 && diff.removed.length > 0) {
    out.push('No check is in both files. To compare one revision with another, use --old-revision and --new-revision.');
  }
  out.push(
    `${compared} compared: ${diff.regressions.length} regressions, ${diff.fixes.length} fixes, ${diff.changed.length} other changes, ${diff.unchanged} unchanged; ${diff.added.length} new, ${diff.removed.length} removed`,
  );
  return out.join('\n');
}
