// The compatibility matrix: one row per capability, area and check (a check of both revisions is
// one row), verdicts per revision, rolled up per area; in the results JSON, JUnit and console.
import { describe, expect, test } from 'vitest';
import type { Revision, Verdict } from '../../../harness/model.js';
import { computeMatrix, rollUp } from '../../../harness/results/matrix.js';
import { summarize, type CheckResult, type RevisionRun, type RunResults } from '../../../harness/results/results.js';
import { renderSummary } from '../../../reports/console.js';
import { renderJUnit } from '../../../reports/junit.js';
import { BOTH, referenceStdio, run } from '../../helpers/harness.js';

function check(revision: Revision, area: string, slug: string, verdict: Verdict): CheckResult {
  return {
    id: `${revision}/${area}/${slug}`,
    revision,
    area,
    title: `${area} ${slug}`,
    requirement: 'r',
    level: 'MUST',
    spec: 'https://example.invalid',
    transport: 'stdio',
    verdict,
    reason: verdict === 'pass' ? undefined : `${verdict} because`,
    durationMs: 1,
    transcript: [],
  };
}

function revisionRun(revision: Revision, capabilities: Record<string, unknown>): RevisionRun {
  return {
    revision,
    selectedBecause: 'test',
    durationMs: 1,
    discoveryTranscript: [],
    profile: { capabilities, tools: [], resources: [], resourceTemplates: [], prompts: [], problems: [] },
  };
}

const CHECKS = [
  check('2026-07-28', 'wire', 'schema', 'pass'),
  check('2026-07-28', 'tools', 'list-result', 'pass'),
  check('2026-07-28', 'tools', 'names', 'warn'),
  check('2025-11-25', 'wire', 'schema', 'fail'),
  check('2025-11-25', 'tools', 'list-result', 'skip'),
  check('2025-11-25', 'sessions', 'delete-ends-session', 'pass'),
];
const RUNS = [revisionRun('2026-07-28', { tools: {} }), revisionRun('2025-11-25', { tools: {}, logging: {} })];

function results(checks: CheckResult[], runs: RevisionRun[]): RunResults {
  return {
    schemaVersion: 1,
    tool: { name: 'mcp-conform', version: 'test' },
    startedAt: new Date(0).toISOString(),
    finishedAt: new Date(0).toISOString(),
    durationMs: 1,
    target: { transport: 'stdio', description: 'test' },
    options: { strict: false, revisions: 'all' },
    revisions: runs,
    checks,
    summary: summarize(checks),
    outcome: 'failed',
    exitCode: 1,
    matrix: computeMatrix(runs, checks),
  };
}

describe('compatibility matrix', () => {
  const matrix = computeMatrix(RUNS, CHECKS);
  const row = (key: string) => matrix.rows.find((r) => r.key === key);

  test('columns are the revisions run, in run order', () => {
    expect(matrix.columns).toEqual(['2026-07-28', '2025-11-25']);
  });

  test('a check of both revisions is one row with a cell per revision', () => {
    expect(row('wire/schema')?.cells['2026-07-28']).toMatchObject({
      verdict: 'pass',
      checkId: '2026-07-28/wire/schema',
    });
    expect(row('wire/schema')?.cells['2025-11-25']).toMatchObject({
      verdict: 'fail',
      checkId: '2025-11-25/wire/schema',
      note: 'fail because',
    });
  });

  test('a check one revision lacks has no cell there', () => {
    expect(row('sessions/delete-ends-session')?.cells['2026-07-28']).toBeUndefined();
    expect(row('sessions/delete-ends-session')?.cells['2025-11-25']?.verdict).toBe('pass');
  });

  test('area rows count verdicts and show the worst one', () => {
    expect(row('tools')?.cells['2026-07-28']).toMatchObject({
      verdict: 'warn',
      counts: { pass: 1, warn: 1, fail: 0, unstable: 0, skip: 0, error: 0 },
      text: '1 pass, 1 warn',
    });
    expect(row('tools')?.cells['2025-11-25']).toMatchObject({ verdict: 'skip', text: '1 skip' });
    expect(rollUp({ pass: 3, fail: 0, warn: 0, unstable: 0, skip: 5, error: 0 })).toBe('pass');
    expect(rollUp({ pass: 3, fail: 0, warn: 0, unstable: 0, skip: 0, error: 1 })).toBe('error');
  });

  test('capability rows say which revision declares what', () => {
    expect(row('capability:logging')?.cells).toEqual({
      '2026-07-28': { text: 'not declared' },
      '2025-11-25': { text: 'declared' },
    });
    expect(row('capability:tools')?.cells['2026-07-28']?.text).toBe('declared');
  });

  test('rows come as capabilities, then each area followed by its checks', () => {
    const kinds = matrix.rows.map((r) => `${r.kind}:${r.key}`);
    expect(kinds.indexOf('area:wire')).toBeLessThan(kinds.indexOf('check:wire/schema'));
    expect(kinds.indexOf('check:wire/schema')).toBeLessThan(kinds.indexOf('area:tools'));
    expect(kinds[0]).toBe('capability:capability:tools');
  });

  test('JUnit carries the matrix as a suite of properties, with the table', () => {
    const xml = renderJUnit(results(CHECKS, RUNS));
    expect(xml).toContain('<testsuite name="compatibility matrix"');
    expect(xml).toMatch(/<property name="check:wire\/schema@2025-11-25" value="FAIL"\/>/);
    expect(xml).toMatch(/<property name="area:tools@2026-07-28" value="WARN \(1 pass, 1 warn\)"\/>/);
    expect(xml).toMatch(/<property name="capability:logging@2025-11-25" value="declared"\/>/);
  });

  test('the console shows the matrix only when more than one revision ran', () => {
    const both = renderSummary(results(CHECKS, RUNS), { color: false }, {});
    expect(both).toMatch(/^compatibility\s+2026-07-28\s+2025-11-25$/m);
    expect(both).toMatch(/^wire\s+PASS \(1 pass\)\s+FAIL \(1 fail\)$/m);
    expect(both).toMatch(/^declares logging\s+not declared\s+declared$/m);
    const one = CHECKS.filter((c) => c.revision === '2025-11-25');
    expect(renderSummary(results(one, [RUNS[1]]), { color: false }, {})).not.toMatch(/^compatibility/m);
    expect(
      renderSummary(results(CHECKS, RUNS), { color: false }, { quiet: true }),
      '--quiet prints only the counts',
    ).not.toMatch(/^compatibility/m);
  });

  test('a real run of both revisions records the matrix in its results', async () => {
    const real = await run(referenceStdio(), {
      revisions: BOTH,
      select: ['*/wire/schema', '*/lifecycle/initialize-result', '*/dual-era/capabilities-agree'],
    });
    expect(real.matrix?.columns).toEqual(['2026-07-28', '2025-11-25']);
    const schema = real.matrix?.rows.find((r) => r.key === 'wire/schema');
    expect(Object.keys(schema?.cells ?? {})).toEqual(['2026-07-28', '2025-11-25']);
    expect(real.matrix?.rows.find((r) => r.key === 'dual-era/capabilities-agree')?.cells['2026-07-28']?.verdict).toBe(
      'pass',
    );
    expect(JSON.parse(JSON.stringify(real)).matrix.rows.length).toBe(real.matrix?.rows.length);
  }, 60_000);
});
