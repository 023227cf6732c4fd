// The compatibility matrix as the HTML report shows it: the run's matrix (recorded, or computed
// from the checks for older or merged files) with baselined failures marked XFAIL.
import type { Level, Verdict } from '../harness/results/vocabulary.js';
import { withoutRevision, type MatrixRowKind } from '../harness/results/matrix.js';
import type { CheckResult, RunResults } from '../harness/results/results.js';
import { cellText, matrixOf } from './matrix-view.js';

/** A verdict, or 'expected' for a failure the baseline lists. */
export type CellVerdict = Verdict | 'expected';

export interface ViewCell {
  verdict?: CellVerdict;
  text: string;
  /** The check behind the cell, for a link to its details. */
  checkId?: string;
  note?: string;
}

export interface ViewRow {
  key: string;
  kind: MatrixRowKind;
  title?: string;
  area?: string;
  /** Every level the row's checks have (a requirement can be MUST in one revision, SHOULD in another). */
  levels: Level[];
  cells: ViewCell[];
}

export interface MatrixView {
  columns: string[];
  rows: ViewRow[];
  source: 'results.matrix' | 'checks';
}

export const CELL_LABELS: Record<CellVerdict, string> = {
  pass: 'PASS',
  fail: 'FAIL',
  warn: 'WARN',
  unstable: 'UNSTABLE',
  skip: 'SKIP',
  error: 'ERROR',
  expected: 'XFAIL',
};

export function cellVerdict(check: CheckResult): CellVerdict {
  return check.expectedFailure && (check.verdict === 'fail' || check.verdict === 'error') ? 'expected' : check.verdict;
}

export function compatibilityMatrix(results: RunResults): MatrixView {
  const matrix = matrixOf(results);
  const byId = new Map(results.checks.map((check) => [check.id, check]));
  const levels = new Map<string, Level[]>();
  for (const check of results.checks) {
    const list = levels.get(withoutRevision(check)) ?? [];
    if (!list.includes(check.level)) list.push(check.level);
    levels.set(withoutRevision(check), list);
  }
  const rows = matrix.rows.map(
    (row): ViewRow => ({
      key: row.key,
      kind: row.kind,
      title: row.title,
      area: row.area,
      levels: row.kind === 'check' ? (levels.get(row.key) ?? (row.level ? [row.level] : [])) : [],
      cells: matrix.columns.map((column): ViewCell => {
        const cell = row.cells[column];
        if (!cell) return { text: '—' };
        const check = cell.checkId ? byId.get(cell.checkId) : undefined;
        const verdict = check ? cellVerdict(check) : cell.verdict;
        return {
          verdict,
          text: verdict === 'expected' ? CELL_LABELS.expected : cellText(row, cell),
          checkId: cell.checkId,
          note: cell.note,
        };
      }),
    }),
  );
  return { columns: matrix.columns, rows, source: results.matrix ? 'results.matrix' : 'checks' };
}
