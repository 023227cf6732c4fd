// The requirement index of every revision, and which checks and fuzz properties cover each row:
// computed from their `catalog` fields, never written by hand.
import type { Revision } from '../harness/model.js';
import { specUrl } from '../harness/checks/check.js';
import { REQUIREMENTS_2025 } from './2025-11-25/requirements.js';
import { REQUIREMENTS_2026 } from './2026-07-28/requirements.js';
import { ALL_CAMPAIGNS } from './campaigns.js';
import { ALL_CHECKS } from './index.js';
import type { Requirement } from './requirements-types.js';

export type { Requirement, RequirementTransport } from './requirements-types.js';

export const REQUIREMENTS: Record<Revision, readonly Requirement[]> = {
  '2026-07-28': REQUIREMENTS_2026,
  '2025-11-25': REQUIREMENTS_2025,
};

/** The row's spec link, under its revision's spec root. */
export const requirementUrl = (revision: Revision, row: Requirement) => specUrl(revision, row.spec);

export function findRequirement(revision: Revision, id: string): Requirement | undefined {
  return REQUIREMENTS[revision].find((row) => row.id === id);
}

/** A level names a keyword (or UNSPEC), or says the rule is inferred or only observed behaviour. */
export const isValidLevel = (level: string) =>
  /\b(MUST|SHOULD|MAY|UNSPEC)\b|\((inferred|behaviour|client procedure)/.test(level);

/** MUST/SHOULD rows aimed at the server: a client-only rule ("MUST (client)", "UNSPEC (client MUST)") is not one. */
export const isServerRule = (level: string) =>
  /MUST|SHOULD/.test(level) && (!/client/i.test(level) || /server/i.test(level));

export interface RowCoverage {
  row: Requirement;
  /** Ids of the checks citing the row. */
  checks: string[];
  /** Ids of the fuzz properties citing the row. */
  properties: string[];
}

/** The checks and fuzz properties of the revision, each with the rows it cites. */
function citersOf(
  revision: Revision,
): Array<{ id: string; catalog: readonly string[]; kind: 'checks' | 'properties' }> {
  const checks = ALL_CHECKS.filter((check) => check.revision === revision).map((check) => ({
    id: check.id,
    catalog: check.catalog ?? [],
    kind: 'checks' as const,
  }));
  const properties = ALL_CAMPAIGNS.filter((campaign) => campaign.revision === revision).flatMap((campaign) =>
    campaign.properties.map((property) => ({
      id: property.id,
      catalog: property.catalog ?? [],
      kind: 'properties' as const,
    })),
  );
  return [...checks, ...properties];
}

/** Every row of the revision's index with the checks and fuzz properties that cite it. */
export function requirementCoverage(revision: Revision): RowCoverage[] {
  const rows = new Map(
    REQUIREMENTS[revision].map((row) => [row.id, { row, checks: [] as string[], properties: [] as string[] }]),
  );
  for (const citer of citersOf(revision)) for (const id of citer.catalog) rows.get(id)?.[citer.kind].push(citer.id);
  return [...rows.values()];
}

export const isCovered = (entry: RowCoverage) => entry.checks.length + entry.properties.length > 0;

/** Rows, rows cited, MUST/SHOULD server rows and those cited, of some rows' coverage. */
export function coverageTotals(entries: RowCoverage[]) {
  const serverRules = entries.filter((entry) => isServerRule(entry.row.level));
  return {
    rows: entries.length,
    covered: entries.filter(isCovered).length,
    serverRules: serverRules.length,
    serverRulesCovered: serverRules.filter(isCovered).length,
  };
}

/** Catalog ids cited by a check or fuzz property of the revision that the index does not have. */
export function unknownCitations(revision: Revision): Array<{ by: string; id: string }> {
  const known = new Set(REQUIREMENTS[revision].map((row) => row.id));
  return citersOf(revision).flatMap((citer) =>
    citer.catalog.filter((id) => !known.has(id)).map((id) => ({ by: citer.id, id })),
  );
}
