// A small SVG badge per implementation for READMEs: "<label> | <pass rate>% <revision>". Text
// is escaped for XML, widths come from the text length alone, so the same matrix gives the
// same bytes.
import {
  badgeRevision,
  type ImplementationColumn,
  type ImplementationMatrix,
} from '../../harness/results/implementation-matrix.js';
import { esc } from '../html/escape.js';
import { BADGE_COLOURS, badgeLevel } from './badge-level.js';

const CHAR_WIDTH = 6.6;
const LABEL_MAX = 40;

export function badgeText(column: ImplementationColumn): { label: string; message: string; rate: number | null } {
  const revision = badgeRevision(column);
  const rate = revision ? (column.byRevision[revision]?.passRate ?? null) : column.totals.passRate;
  const label = column.label.length > LABEL_MAX ? `${column.label.slice(0, LABEL_MAX - 1)}…` : column.label;
  return { label, message: `${rate === null ? 'n/a' : `${rate}%`} ${revision ?? ''}`.trim(), rate };
}

/** The badge of the matrix's column `index`: its colour is that column's conformance level. */
export function renderBadge(matrix: ImplementationMatrix, index: number): string {
  const column = matrix.columns[index];
  const { label, message } = badgeText(column);
  const colour = BADGE_COLOURS[badgeLevel(matrix, index, badgeRevision(column))];
  const left = Math.round(label.length * CHAR_WIDTH + 12);
  const right = Math.round(message.length * CHAR_WIDTH + 12);
  const width = left + right;
  // The profile is named where a reader or a screen reader asks, not in the drawn text.
  const title = `${label}: ${message}${column.profiles?.length ? ` (profile ${column.profiles.join(', ')})` : ''}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title>
<rect width="${left}" height="20" fill="#555"/><rect x="${left}" width="${right}" height="20" fill="${colour}"/>
<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11"><text x="6" y="14">${esc(label)}</text><text x="${left + 6}" y="14">${esc(message)}</text></g></svg>
`;
}

/** One file name per column: the label made safe for a path; a clash gets the column key. */
export function badgeFileNames(columns: ImplementationColumn[]): string[] {
  const safe = columns.map((c) => c.label.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '') || c.key);
  return safe.map((name, i) =>
    safe.indexOf(name) === safe.lastIndexOf(name) ? `${name}.svg` : `${name}-${columns[i].key}.svg`,
  );
}
