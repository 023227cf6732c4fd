// The compatibility matrix of a run: rows are capabilities the server declares, spec areas and
// single checks; columns are the revisions run. A check that exists in several revisions is one
// row (its id without the revision), so a reader sees at a glance what works in each.
import { isObject, VERDICTS, type Level, type Revision, type Verdict } from './vocabulary.js';
import type { CompatibilityMatrix, MatrixRow } from './matrix-types.js';
import type { CheckResult, RevisionRun, VerdictCounts } from './results.js';

export type { CompatibilityMatrix, MatrixCell, MatrixRow, MatrixRowKind } from './matrix-types.js';

/** Capabilities both revisions can declare; a row each shows which revision declares it. */
const CAPABILITIES = ['tools', 'resources', 'prompts', 'completions', 'logging', 'tasks'];
/** Which verdict stands for a group: the worst one present, where skips alone mean nothing ran. */
const SEVERITY: Verdict[] = ['fail', 'error', 'unstable', 'warn', 'pass', 'skip'];
const LABELS: Record<Verdict, string> = {
  pass: 'PASS',
  fail: 'FAIL',
  warn: 'WARN',
  unstable: 'UNSTABLE',
  skip: 'SKIP',
  error: 'ERROR',
};

export function withoutRevision(check: Pick<CheckResult, 'id' | 'revision'>): string {
  return check.id.startsWith(`${check.revision}/`) ? check.id.slice(check.revision.length + 1) : check.id;
}

function zero(): VerdictCounts {
  return { pass: 0, fail: 0, warn: 0, unstable: 0, skip: 0, error: 0 };
}

export function rollUp(counts: VerdictCounts): Verdict {
  return SEVERITY.find((verdict) => counts[verdict] > 0) ?? 'skip';
}

export function countsText(counts: VerdictCounts): string {
  const parts = VERDICTS.filter((verdict) => counts[verdict] > 0).map((verdict) => `${counts[verdict]} ${verdict}`);
  return parts.length > 0 ? parts.join(', ') : 'no checks';
}

function capabilityRows(runs: RevisionRun[], columns: Revision[]): MatrixRow[] {
  return CAPABILITIES.map((capability) => {
    const cells: MatrixRow['cells'] = {};
    for (const revision of columns) {
      const caps = runs.find((run) => run.revision === revision)?.profile?.capabilities;
      cells[revision] = {
        text: !isObject(caps) ? 'unknown' : isObject(caps[capability]) ? 'declared' : 'not declared',
      };
    }
    return { key: `capability:${capability}`, kind: 'capability' as const, title: `declares ${capability}`, cells };
  });
}

export function computeMatrix(runs: RevisionRun[], checks: CheckResult[]): CompatibilityMatrix {
  const columns = [
    ...new Set<Revision>([...runs.map((run) => run.revision), ...checks.map((check) => check.revision)]),
  ];
  const areas = new Map<string, MatrixRow>();
  const rows = new Map<string, MatrixRow>();
  for (const check of checks) {
    let area = areas.get(check.area);
    if (!area)
      areas.set(
        check.area,
        (area = { key: check.area, kind: 'area', area: check.area, title: `${check.area} checks`, cells: {} }),
      );
    const cell = (area.cells[check.revision] ??= { text: '', counts: zero() });
    cell.counts![check.verdict]++;
    const key = withoutRevision(check);
    let row = rows.get(key);
    if (!row)
      rows.set(
        key,
        (row = { key, kind: 'check', area: check.area, title: check.title, level: check.level, cells: {} }),
      );
    row.cells[check.revision] = {
      verdict: check.verdict,
      text: LABELS[check.verdict],
      checkId: check.id,
      note: check.reason,
    };
  }
  for (const area of areas.values()) {
    for (const cell of Object.values(area.cells)) {
      cell!.verdict = rollUp(cell!.counts!);
      cell!.text = countsText(cell!.counts!);
    }
  }
  const byArea = [...areas.values()].flatMap((area) => [
    area,
    ...[...rows.values()].filter((row) => row.area === area.key),
  ]);
  return { columns, rows: [...capabilityRows(runs, columns), ...byArea] };
}
