// The shape of the compatibility matrix in the results JSON (matrix.ts computes it).
import type { Level, Revision, Verdict, VerdictCounts } from './vocabulary.js';

export type MatrixRowKind = 'capability' | 'area' | 'check';

export interface MatrixCell {
  /** A verdict (check rows), the rolled-up verdict (area rows), absent for capability rows. */
  verdict?: Verdict;
  /** Short text for the cell: PASS, "3 pass, 1 warn", "declared". */
  text: string;
  /** Area rows: how many checks ended in each verdict. */
  counts?: VerdictCounts;
  /** Check rows: the check behind the cell. */
  checkId?: string;
  /** Check rows: why this verdict. */
  note?: string;
}

export interface MatrixRow {
  /** `capability:tools`, an area (`tools`), or a check id without its revision (`tools/list-result`). */
  key: string;
  kind: MatrixRowKind;
  area?: string;
  title?: string;
  level?: Level;
  /** Keyed by revision; a revision without this row has no cell. */
  cells: Partial<Record<Revision, MatrixCell>>;
}

export interface CompatibilityMatrix {
  columns: Revision[];
  rows: MatrixRow[];
}
