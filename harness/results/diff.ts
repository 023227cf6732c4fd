// `diff`: what changed between two runs, by check id (or across revisions, by the id without
// its revision). A regression is a check that newly fails or errors; it makes the exit code 1.
// Fuzz properties count as checks under their finding id (`fuzz/<property id>`): a property
// that now has a finding it did not have is a regression too.
import { isObject, type Level, type Revision, type Verdict } from './vocabulary.js';
import { fuzzPropertyRuns, fuzzVerdict } from './fuzz-results.js';
import type { RunResults } from './results.js';
import { withoutRevision } from './matrix.js';

export interface DiffEntry {
  /** The id both sides share (without revision when comparing revisions). */
  key: string;
  title: string;
  level: Level;
  oldId?: string;
  newId?: string;
  old?: Verdict;
  new?: Verdict;
  /** Why the newer verdict (or, for a removed check, the older one). */
  reason?: string;
}

export interface DiffSide {
  file: string;
  target: string;
  server?: string;
  tool: string;
  startedAt: string;
  revision?: Revision;
}

export interface ResultsDiff {
  old: DiffSide;
  new: DiffSide;
  regressions: DiffEntry[];
  fixes: DiffEntry[];
  /** Other verdict changes: pass to warn, pass to skip, fail to error... */
  changed: DiffEntry[];
  added: DiffEntry[];
  removed: DiffEntry[];
  unchanged: number;
}

export interface DiffOptions {
  /** Compare this revision's checks of the old file with `newRevision`'s of the new file. */
  oldRevision?: Revision;
  newRevision?: Revision;
}

const FAILING: ReadonlySet<Verdict> = new Set(['fail', 'error']);

function side(file: string, results: RunResults, revision?: Revision): DiffSide {
  const info = results.revisions.find((r) => !revision || r.revision === revision)?.profile?.serverInfo;
  const server = isObject(info) ? [info.name, info.version].filter((v) => v !== undefined).join(' ') : undefined;
  return {
    file,
    target: results.target.description,
    server,
    tool: results.tool.version,
    startedAt: results.startedAt,
    revision,
  };
}

/** What diff compares: a check, or a fuzz property, with its verdict. */
interface Compared {
  id: string;
  title: string;
  level: Level;
  verdict: Verdict;
  reason?: string;
}

function fuzzCompared(results: RunResults): Array<Compared & { revision: string }> {
  const messages = new Map(
    [...(results.fuzz?.findings ?? []), ...(results.fuzz?.warnings ?? [])].map((f) => [f.id, f.message]),
  );
  return fuzzPropertyRuns(results.fuzz).map((p) => {
    const id = `fuzz/${p.id}`;
    return {
      id,
      revision: p.id.split('/')[0],
      title: p.title ?? p.id,
      level: p.level ?? 'MUST',
      verdict: fuzzVerdict(p),
      reason: messages.get(id) ?? p.error ?? p.skipped,
    };
  });
}

function keyed(results: RunResults, revision: Revision | undefined): Map<string, Compared> {
  const map = new Map<string, Compared>();
  for (const check of results.checks) {
    if (revision && check.revision !== revision) continue;
    map.set(revision ? withoutRevision(check) : check.id, check);
  }
  for (const property of fuzzCompared(results)) {
    if (revision && property.revision !== revision) continue;
    map.set(
      revision ? `fuzz/${property.id.slice('fuzz/'.length + property.revision.length + 1)}` : property.id,
      property,
    );
  }
  return map;
}

export function diffResults(
  oldFile: string,
  oldResults: RunResults,
  newFile: string,
  newResults: RunResults,
  options: DiffOptions = {},
): ResultsDiff {
  const before = keyed(oldResults, options.oldRevision);
  const after = keyed(newResults, options.newRevision);
  const diff: ResultsDiff = {
    old: side(oldFile, oldResults, options.oldRevision),
    new: side(newFile, newResults, options.newRevision),
    regressions: [],
    fixes: [],
    changed: [],
    added: [],
    removed: [],
    unchanged: 0,
  };
  for (const [key, now] of after) {
    const was = before.get(key);
    const entry: DiffEntry = {
      key,
      title: now.title,
      level: now.level,
      oldId: was?.id,
      newId: now.id,
      old: was?.verdict,
      new: now.verdict,
      reason: now.reason,
    };
    if (!was) diff.added.push(entry);
    else if (was.verdict === now.verdict) diff.unchanged++;
    else if (FAILING.has(now.verdict) && !FAILING.has(was.verdict)) diff.regressions.push(entry);
    else if (FAILING.has(was.verdict) && (now.verdict === 'pass' || now.verdict === 'warn')) diff.fixes.push(entry);
    else diff.changed.push(entry);
  }
  for (const [key, was] of before) {
    if (!after.has(key))
      diff.removed.push({
        key,
        title: was.title,
        level: was.level,
        oldId: was.id,
        old: was.verdict,
        reason: was.reason,
      });
  }
  return diff;
}

export function diffExitCode(diff: ResultsDiff): 0 | 1 {
  return diff.regressions.length > 0 ? 1 : 0;
}
