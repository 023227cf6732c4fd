// Every MUST/SHOULD server requirement of the project's requirement index is cited by a check or
// a fuzz property, or listed in suites/coverage.ts with the reason; every cited id is a row of the
// index; the rows are well-formed; the README's Coverage section shows the lists and counts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { REVISIONS } from '../../harness/model.js';
import { coverageMarkdown, NOT_TESTABLE, OPEN_GAPS } from '../../suites/coverage.js';
import {
  isServerRule,
  isValidLevel,
  REQUIREMENTS,
  requirementCoverage,
  requirementUrl,
  unknownCitations,
} from '../../suites/requirements.js';
import type { Revision } from '../../harness/model.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Rows whose rule stands above the first heading of its page (checked in the spec's source). */
const PAGE_ONLY: Record<Revision, string[]> = {
  '2026-07-28': ['RPC-013', 'VER-004', 'MRTR-014', 'HTTP-001', 'STDIO-001', 'STDIO-002', 'STDIO-003', 'STDIO-005'],
  '2025-11-25': ['RPC-013', 'HTTP-014'],
};

const listedIds = (revision: Revision) =>
  [...NOT_TESTABLE[revision], ...OPEN_GAPS[revision]].flatMap((note) => note.ids);
const citedIds = (revision: Revision) =>
  new Set(
    requirementCoverage(revision)
      .filter((entry) => entry.checks.length + entry.properties.length > 0)
      .map((entry) => entry.row.id),
  );

function readmeSection(): string {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const match = /^## Coverage\n([\s\S]*?)(?=^## )/m.exec(readme);
  return match ? match[1].trim() : '';
}

describe('requirement coverage', () => {
  test.each(REVISIONS)(
    '%s: every MUST/SHOULD server row is cited by a check or fuzz property, or listed with its reason',
    (revision) => {
      const covered = new Set([...citedIds(revision), ...listedIds(revision)]);
      const uncovered = REQUIREMENTS[revision].filter((row) => isServerRule(row.level) && !covered.has(row.id));
      expect(
        uncovered.map((row) => `${row.id} [${row.level}]`),
        'cite these in a check, or list them in suites/coverage.ts',
      ).toEqual([]);
    },
  );

  test.each(REVISIONS)('%s: every listed row exists, is listed once, and has no check citing it', (revision) => {
    const rows = new Map(REQUIREMENTS[revision].map((row) => [row.id, row]));
    const ids = listedIds(revision);
    expect(
      ids.filter((id) => !rows.has(id)),
      'not in the index',
    ).toEqual([]);
    expect(
      ids.filter((id, index) => ids.indexOf(id) !== index),
      'listed twice',
    ).toEqual([]);
    const citedNow = citedIds(revision);
    const stale = ids.filter((id) => isServerRule(rows.get(id)!.level) && citedNow.has(id));
    expect(stale, 'these are cited now: take them off suites/coverage.ts').toEqual([]);
  });

  test.each(REVISIONS)('%s: every id a check or fuzz property cites is a row of the index', (revision) => {
    expect(unknownCitations(revision).map(({ by, id }) => `${by} cites ${id}`)).toEqual([]);
  });

  test('the rows taken for server rules are the ones the index marks so', () => {
    expect(isServerRule('MUST (prose)')).toBe(true);
    expect(isServerRule('SHOULD*')).toBe(true);
    expect(isServerRule('MUST (client) → server must accept')).toBe(true);
    expect(isServerRule('MUST (client)')).toBe(false);
    expect(isServerRule('UNSPEC (client MUST NOT reuse)')).toBe(false);
    expect(isServerRule('MAY')).toBe(false);
    for (const revision of REVISIONS)
      expect(REQUIREMENTS[revision].filter((row) => isServerRule(row.level)).length).toBeGreaterThan(100);
  });
});

describe('requirement index', () => {
  test.each(REVISIONS)(
    '%s: ids are unique and well-formed, levels valid, links carry a page and an anchor',
    (revision) => {
      const rows = REQUIREMENTS[revision];
      const ids = rows.map((row) => row.id);
      expect(
        ids.filter((id, index) => ids.indexOf(id) !== index),
        'duplicate ids',
      ).toEqual([]);
      expect(
        ids.filter((id) => !/^[A-Z]+-\d{3}$/.test(id)),
        'ids not of the form AREA-NNN',
      ).toEqual([]);
      expect(
        rows.filter((row) => !isValidLevel(row.level)).map((row) => `${row.id}: ${row.level}`),
        'levels',
      ).toEqual([]);
      const links = rows.flatMap((row) => [row.spec, ...(row.also ?? [])].map((spec) => ({ id: row.id, spec })));
      expect(
        links
          .filter(({ spec }) => !/^[a-z0-9][a-z0-9/-]*(#[a-z0-9_-]+)?$/.test(spec))
          .map(({ id, spec }) => `${id}: ${spec}`),
        'page or page#anchor',
      ).toEqual([]);
      // A row links its page's section; only a rule stated in a page's opening text links the bare page.
      expect(
        rows.filter((row) => !row.spec.includes('#')).map((row) => row.id),
        'rows without an anchor',
      ).toEqual(PAGE_ONLY[revision]);
      expect(requirementUrl(revision, rows[0])).toBe(
        `https://modelcontextprotocol.io/specification/${revision}/${rows[0].spec}`,
      );
      expect(
        rows.filter((row) => !['any', 'stdio', 'http'].includes(row.transport)).map((row) => row.id),
        'transport',
      ).toEqual([]);
      const badSummaries = rows.filter(
        (row) => row.summary.trim() === '' || row.summary.length > 140 || row.summary.includes('\n'),
      );
      expect(
        badSummaries.map((row) => `${row.id}: ${row.summary.length} chars`),
        'one line of at most 140 characters',
      ).toEqual([]);
    },
  );

  test('levels the index accepts and refuses', () => {
    for (const level of [
      'MUST',
      'SHOULD NOT',
      'MAY',
      'MUST (schema)',
      'SHOULD*',
      '(inferred)',
      'UNSPEC',
      '(behaviour)',
    ])
      expect(isValidLevel(level), level).toBe(true);
    for (const level of ['', 'must', 'REQUIRED', 'maybe']) expect(isValidLevel(level), level).toBe(false);
  });
});

describe('README coverage section', () => {
  test('shows the lists of suites/coverage.ts and the counts of the index', () => {
    expect(readmeSection()).toEqual(coverageMarkdown().trim());
  });
});
