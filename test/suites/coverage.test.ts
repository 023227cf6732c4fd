// Every MUST/SHOULD server requirement of the catalogs is cited by a check or a fuzz property,
// or listed in suites/coverage.ts with the reason; the README's Coverage section shows those
// lists. The catalogs live outside the repository (../shared/spec); without them this is skipped.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import type { Revision } from '../../harness/model.js';
import { CAMPAIGNS_2025 } from '../../suites/2025-11-25/fuzz/index.js';
import { CAMPAIGNS_2026 } from '../../suites/2026-07-28/fuzz/index.js';
import { coverageMarkdown, NOT_TESTABLE, OPEN_GAPS } from '../../suites/coverage.js';
import { ALL_CHECKS } from '../../suites/index.js';
import { SPEC_DIR } from '../schema/spec-data.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REVISIONS: Revision[] = ['2026-07-28', '2025-11-25'];
const catalogFile = (revision: Revision) => path.join(SPEC_DIR, `spec-${revision}.md`);
const HAS_CATALOGS = REVISIONS.every((revision) => fs.existsSync(catalogFile(revision)));
const skipNote = HAS_CATALOGS ? '' : ` (skipped: requirement catalogs not found under ${SPEC_DIR}; set MCP_CONFORM_SPEC_DIR)`;

interface Row {
  id: string;
  level: string;
}

function catalogRows(revision: Revision): Row[] {
  const text = fs.readFileSync(catalogFile(revision), 'utf8');
  return [...text.matchAll(/^\| ([A-Z]+-\d+) \| ([^|]+) \|/gm)].map((match) => ({ id: match[1], level: match[2].trim() }));
}

/** MUST/SHOULD rows aimed at the server: a client-only rule ("MUST (client)", "UNSPEC (client MUST)") is not one. */
const isServerRule = (row: Row) => /MUST|SHOULD/.test(row.level) && (!/client/i.test(row.level) || /server/i.test(row.level));

function cited(revision: Revision): Set<string> {
  const campaigns = revision === '2026-07-28' ? CAMPAIGNS_2026 : CAMPAIGNS_2025;
  const fromChecks = ALL_CHECKS.filter((check) => check.revision === revision).flatMap((check) => check.catalog ?? []);
  const fromFuzz = campaigns.flatMap((campaign) => campaign.properties.flatMap((property) => property.catalog ?? []));
  return new Set([...fromChecks, ...fromFuzz]);
}

const listedIds = (revision: Revision) => [...NOT_TESTABLE[revision], ...OPEN_GAPS[revision]].flatMap((note) => note.ids);

function readmeSection(): string {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const match = /^## Coverage\n([\s\S]*?)(?=^## )/m.exec(readme);
  return match ? match[1].trim() : '';
}

describe.skipIf(!HAS_CATALOGS)(`catalog coverage${skipNote}`, () => {
  test.each(REVISIONS)('%s: every MUST/SHOULD server row is cited by a check or listed with its reason', (revision) => {
    const covered = new Set([...cited(revision), ...listedIds(revision)]);
    const uncovered = catalogRows(revision).filter((row) => isServerRule(row) && !covered.has(row.id));
    expect(uncovered.map((row) => `${row.id} [${row.level}]`), 'cite these in a check, or list them in suites/coverage.ts').toEqual([]);
  });

  test.each(REVISIONS)('%s: every listed row exists, is listed once, and has no check citing it', (revision) => {
    const rows = new Map(catalogRows(revision).map((row) => [row.id, row]));
    const ids = listedIds(revision);
    expect(ids.filter((id) => !rows.has(id)), 'not in the catalog').toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index), 'listed twice').toEqual([]);
    const citedNow = cited(revision);
    const stale = ids.filter((id) => isServerRule(rows.get(id)!) && citedNow.has(id));
    expect(stale, 'these are cited now: take them off suites/coverage.ts').toEqual([]);
  });

  test('the rows taken for server rules are the ones the catalogs mark so', () => {
    expect(isServerRule({ id: 'X-1', level: 'MUST (prose)' })).toBe(true);
    expect(isServerRule({ id: 'X-2', level: 'SHOULD*' })).toBe(true);
    expect(isServerRule({ id: 'X-3', level: 'MUST (client) → server must accept' })).toBe(true);
    expect(isServerRule({ id: 'X-4', level: 'MUST (client)' })).toBe(false);
    expect(isServerRule({ id: 'X-5', level: 'UNSPEC (client MUST NOT reuse)' })).toBe(false);
    expect(isServerRule({ id: 'X-6', level: 'MAY' })).toBe(false);
    // Enough rows are read to mean the table format was understood.
    for (const revision of REVISIONS) expect(catalogRows(revision).filter(isServerRule).length).toBeGreaterThan(100);
  });
});

describe('README coverage section', () => {
  test('shows the lists of suites/coverage.ts', () => {
    expect(readmeSection()).toEqual(coverageMarkdown().trim());
  });
});
