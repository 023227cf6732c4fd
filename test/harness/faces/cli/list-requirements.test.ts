// `mcp-conform list --requirements`: the requirement index of each revision, each row with what
// covers it (computed from the checks' and fuzz properties' catalog fields), and the totals; and a
// run's results carry the rows each check cites, for the reports.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { REVISIONS } from '../../../../harness/model.js';
import { isServerRule, REQUIREMENTS, requirementCoverage } from '../../../../suites/requirements.js';
import { cli } from './cli-process.js';

const covered = (entry: { checks: string[]; properties: string[] }) =>
  entry.checks.length + entry.properties.length > 0;

describe.concurrent('list --requirements', () => {
  test('a legend explains the asterisk of derived levels, printed only when a listed row has one', async () => {
    const legacy = await cli(['list', '--requirements', '2025-11-25']);
    expect(legacy.stdout).toMatch(/\n {2}RPC-010 +SHOULD\* /);
    expect(legacy.stdout).toContain(
      '\n* after a level (MUST*, SHOULD*): derived; the rule follows from a general one (JSON-RPC 2.0, using only negotiated capabilities, a schema comment), not from a sentence about this exact case\n',
    );
    const modern = await cli(['list', '--requirements', '2026-07-28']);
    expect(REQUIREMENTS['2026-07-28'].some((row) => row.level.includes('*'))).toBe(false);
    expect(modern.stdout).not.toContain('* after a level');
  });

  test('prints every row of both revisions with its level, coverage and summary, then the totals', async () => {
    const result = await cli(['list', '--requirements']);
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = result.stdout.split('\n');
    for (const revision of REVISIONS) {
      const coverage = requirementCoverage(revision);
      const header = lines.indexOf(revision);
      expect(header, revision).toBeGreaterThanOrEqual(0);
      const rowLines = lines.slice(header + 1, header + 1 + coverage.length);
      coverage.forEach((entry, index) => {
        const line = rowLines[index];
        expect(line.trim().startsWith(`${entry.row.id} `), line).toBe(true);
        expect(line).toContain(` ${entry.row.level} `);
        expect(line).toContain(
          covered(entry) ? ` covered by ${entry.checks.length + entry.properties.length} ` : ' uncovered ',
        );
        expect(line.endsWith(entry.row.summary), line).toBe(true);
      });
      const serverRules = coverage.filter((entry) => isServerRule(entry.row.level));
      expect(lines[header + 1 + coverage.length]).toBe(
        `${revision}: ${coverage.length} rows, ${coverage.filter(covered).length} covered; MUST/SHOULD server rows: ${serverRules.filter(covered).length} of ${serverRules.length} covered`,
      );
    }
    expect(
      result.stdout
        .trimEnd()
        .endsWith(`${REQUIREMENTS['2026-07-28'].length + REQUIREMENTS['2025-11-25'].length} requirements`),
    ).toBe(true);
    // A row no check can reach says so; CACHE-004 needs two authenticated identities.
    expect(result.stdout).toMatch(/\n {2}CACHE-004 +MUST +uncovered +\S/);
  });

  test('selects rows by <revision>/<id> pattern and prints JSON with the covering ids and the reason a row is left uncovered', async () => {
    const result = await cli(['list', '--requirements', '2025-11-25/SESS-*', '2026-07-28/CACHE-004', '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    const listings = JSON.parse(result.stdout);
    expect(listings.map((listing: { revision: string }) => listing.revision)).toEqual(['2026-07-28', '2025-11-25']);
    const [modern, legacy] = listings;
    expect(modern.rows).toHaveLength(1);
    expect(modern.rows[0]).toMatchObject({ id: 'CACHE-004', level: 'MUST', checks: [], properties: [] });
    expect(modern.rows[0].uncoveredBecause).toMatch(/^not testable from outside: needs two authenticated identities/);
    expect(modern.totals).toEqual({ rows: 1, covered: 0, serverRules: 1, serverRulesCovered: 0 });
    expect(legacy.rows.map((row: { id: string }) => row.id)).toEqual(
      REQUIREMENTS['2025-11-25'].filter((row) => row.id.startsWith('SESS-')).map((row) => row.id),
    );
    const sess005 = legacy.rows.find((row: { id: string }) => row.id === 'SESS-005');
    expect(sess005.spec).toMatch(
      /^https:\/\/modelcontextprotocol\.io\/specification\/2025-11-25\/[a-z/-]+#[a-z0-9_-]+$/,
    );
    expect(sess005.checks).toEqual(
      requirementCoverage('2025-11-25').find((entry) => entry.row.id === 'SESS-005')!.checks,
    );
    expect(sess005.checks.length).toBeGreaterThan(0);
    expect(sess005.uncoveredBecause).toBeUndefined();
  });

  test('--help names the option', async () => {
    const [list, main] = await Promise.all([cli(['list', '--help']), cli(['--help'])]);
    expect(list.stdout).toContain('--requirements  list the requirement index with its coverage');
    expect(main.stdout).toContain('--requirements');
  });

  test("a run's results carry, for each check, the index rows it cites: id, level, spec link and summary", async () => {
    const json = path.join(mkdtempSync(path.join(tmpdir(), 'mcp-conform-req-')), 'results.json');
    const id = '2026-07-28/meta/missing-client-capabilities';
    const result = await cli(['run', '--demo', '--revision', '2026-07-28', '--check', id, '--json', json]);
    expect(result.exitCode, result.stdout + result.stderr).toBe(0);
    const [check] = JSON.parse(readFileSync(json, 'utf8')).checks;
    expect(check.catalog.length).toBeGreaterThan(0);
    expect(check.catalogRows).toEqual(
      check.catalog.map((rowId: string) => {
        const row = REQUIREMENTS['2026-07-28'].find((candidate) => candidate.id === rowId)!;
        return {
          id: rowId,
          level: row.level,
          url: `https://modelcontextprotocol.io/specification/2026-07-28/${row.spec}`,
          summary: row.summary,
        };
      }),
    );
  }, 60_000);
});
