// `mcp-conform list --requirements`: the requirement index of each revision with what covers each
// row, computed from the checks' and fuzz properties' `catalog` fields.
import { REVISIONS, type Revision } from '../../model.js';
import { selectIds } from '../../results/select.js';
import { NOT_TESTABLE, OPEN_GAPS } from '../../../suites/coverage.js';
import { coverageTotals, isCovered, requirementCoverage, requirementUrl } from '../../../suites/requirements.js';

export interface RequirementListing {
  revision: Revision;
  totals: { rows: number; covered: number; serverRules: number; serverRulesCovered: number };
  rows: Array<{
    id: string;
    level: string;
    transport: string;
    spec: string;
    summary: string;
    checks: string[];
    properties: string[];
    /** Why a row no check covers is left so, when suites/coverage.ts says. */
    uncoveredBecause?: string;
  }>;
}

/** What the requirement catalogs mean by a level such as `SHOULD*`. */
export const DERIVED_LEGEND =
  '* after a level (MUST*, SHOULD*): derived; the rule follows from a general one (JSON-RPC 2.0, using only negotiated capabilities, a schema comment), not from a sentence about this exact case';

function reasonFor(revision: Revision, id: string): string | undefined {
  const notTestable = NOT_TESTABLE[revision].find((note) => note.ids.includes(id));
  if (notTestable) return `not testable from outside: ${notTestable.reason}`;
  const gap = OPEN_GAPS[revision].find((note) => note.ids.includes(id));
  return gap && `no check yet: ${gap.reason}`;
}

/** Rows of each revision, selected by `<revision>/<id>` patterns (a prefix such as `2026-07-28` or a glob such as `*\/SESS-*`). */
export function requirementListings(patterns: string[]): RequirementListing[] {
  return REVISIONS.map((revision) => {
    const entries = selectIds(
      requirementCoverage(revision).map((entry) => ({ ...entry, id: `${revision}/${entry.row.id}` })),
      patterns,
    );
    return {
      revision,
      totals: coverageTotals(entries),
      rows: entries.map((entry) => ({
        id: entry.row.id,
        level: entry.row.level,
        transport: entry.row.transport,
        spec: requirementUrl(revision, entry.row),
        summary: entry.row.summary,
        checks: entry.checks,
        properties: entry.properties,
        uncoveredBecause: isCovered(entry) ? undefined : reasonFor(revision, entry.row.id),
      })),
    };
  }).filter((listing) => listing.rows.length > 0);
}

export function renderRequirementListings(listings: RequirementListing[]): string {
  const lines: string[] = [];
  for (const { revision, totals, rows } of listings) {
    lines.push(`${revision}`);
    const coverage = rows.map((row) =>
      row.checks.length + row.properties.length > 0
        ? `covered by ${row.checks.length + row.properties.length}`
        : 'uncovered',
    );
    const width = (texts: string[]) => Math.max(...texts.map((text) => text.length));
    const [idWidth, levelWidth, coverageWidth] = [
      width(rows.map((row) => row.id)),
      width(rows.map((row) => row.level)),
      width(coverage),
    ];
    rows.forEach((row, index) =>
      lines.push(
        `  ${row.id.padEnd(idWidth)}  ${row.level.padEnd(levelWidth)}  ${coverage[index].padEnd(coverageWidth)}  ${row.summary}`,
      ),
    );
    lines.push(
      `${revision}: ${totals.rows} rows, ${totals.covered} covered; MUST/SHOULD server rows: ${totals.serverRulesCovered} of ${totals.serverRules} covered`,
      '',
    );
  }
  const rowCount = listings.reduce((sum, listing) => sum + listing.rows.length, 0);
  if (listings.some((listing) => listing.rows.some((row) => row.level.includes('*')))) lines.push(DERIVED_LEGEND);
  lines.push(`${rowCount} requirements`);
  return lines.join('\n') + '\n';
}
