// The one mapping from a badge's conformance level to its colour. The level comes from the
// conformance statement of the revision the badge names, never from the pass rate: a server
// with a MUST failure is never the colour of one without, however many checks it passes.
import type { ImplementationMatrix } from '../../harness/results/implementation-matrix.js';
import type { Revision } from '../../harness/results/vocabulary.js';

export type BadgeLevel = 'conformant' | 'should-misses' | 'must-failures' | 'inconclusive' | 'not-tested';

/** Distinct colours: red is reserved for MUST failures, green for full conformance. */
export const BADGE_COLOURS: Record<BadgeLevel, string> = {
  conformant: '#1a7f37',
  'should-misses': '#9a6700',
  'must-failures': '#c62828',
  inconclusive: '#6b7480',
  'not-tested': '#8c959f',
};

/** The level of the matrix's column `index` in `revision` (every revision when undefined). */
export function badgeLevel(matrix: ImplementationMatrix, index: number, revision: Revision | undefined): BadgeLevel {
  const column = matrix.columns[index];
  const statements = column.conformance.revisions.filter((r) => revision === undefined || r.revision === revision);
  const scopes = statements.flatMap((r) => [r.core, ...r.extended]);
  if (scopes.some((s) => s.status === 'not-conformant')) return 'must-failures';
  if (scopes.some((s) => s.status === 'inconclusive')) return 'inconclusive';
  if (!scopes.some((s) => s.status === 'conformant')) return 'not-tested';
  const missed = matrix.rows.some(
    (row) =>
      row.level === 'SHOULD' &&
      (revision === undefined || row.revision === revision) &&
      row.cells[index]?.verdict === 'fail',
  );
  return missed ? 'should-misses' : 'conformant';
}
