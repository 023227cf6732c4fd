// The implementation matrix built from results files: rows in the suites' order grouped by
// revision and area, totals and pass rates per implementation, wpt.fyi's unique failures, and a
// hostile server's name escaped everywhere it lands (page, badge, console).
import { describe, expect, test } from 'vitest';
import { buildImplementationMatrix, MATRIX_SCHEMA_VERSION } from '../../harness/results/implementation-matrix.js';
import { renderBadge, badgeFileNames } from '../../reports/matrix-page/badge.js';
import { matrixConsoleLines } from '../../reports/matrix-page/console.js';
import { renderMatrixHtml } from '../../reports/matrix-page/index.js';
import { cellHref, evidenceHref } from '../../reports/matrix-page/links.js';
import { CONTROLS, IMG, SCRIPT } from './fixtures/hostile-strings.js';
import { fakeResults } from './matrix-fakes.js';

const TOOL = { name: 'mcp-conform', version: '0.1.0' };

const a = fakeResults(
  [
    ['2025-11-25/tools/list', 'pass'],
    ['2025-11-25/ping/ping', 'fail', 'MUST', 'no pong'],
    ['2026-07-28/meta/m', 'pass'],
    ['2026-07-28/lifecycle/l', 'pass'],
  ],
  { name: 'alpha', version: '1.2.3', capabilities: { tools: {} } },
);
const b = fakeResults(
  [
    ['2026-07-28/lifecycle/l', 'fail', 'MUST', 'served 1900-01-01'],
    ['2026-07-28/meta/m', 'pass'],
    ['2026-07-28/meta/only-b', 'skip', 'MUST', 'server lists no prompts'],
    ['2025-11-25/ping/ping', 'fail', 'MUST', 'no pong either'],
    ['2025-11-25/tools/list', 'fail'],
  ],
  { name: 'beta' },
);
const c = fakeResults(
  [
    ['2025-11-25/tools/list', 'pass'],
    ['2026-07-28/lifecycle/l', 'pass'],
    ['2025-11-25/ping/ping', 'pass'],
  ],
  { name: 'gamma', transport: 'http' },
);
const sources = [
  { results: a, file: 'a.json' },
  { results: b, file: 'b.json', report: 'runs/b%20report.html' },
  { results: c, file: 'c.json', label: 'Gamma over HTTP' },
];

describe('the implementation matrix', () => {
  const matrix = buildImplementationMatrix(sources);

  test('is versioned and has a column per results file, labelled by the user or by serverInfo', () => {
    expect(matrix.matrixSchemaVersion).toBe(MATRIX_SCHEMA_VERSION);
    expect(matrix.columns.map((col) => [col.key, col.label, col.transport, col.file])).toEqual([
      ['impl-1', 'alpha 1.2.3', 'stdio', 'a.json'],
      ['impl-2', 'beta 1.0.0', 'stdio', 'b.json'],
      ['impl-3', 'Gamma over HTTP', 'http', 'c.json'],
    ]);
  });

  test('rows: newest revision first, areas and checks in the order the runs list them', () => {
    expect(matrix.rows.map((r) => r.id)).toEqual([
      '2026-07-28/meta/m',
      '2026-07-28/meta/only-b',
      '2026-07-28/lifecycle/l',
      '2025-11-25/tools/list',
      '2025-11-25/ping/ping',
    ]);
    const only = matrix.rows.find((r) => r.id === '2026-07-28/meta/only-b')!;
    expect(only.cells).toEqual([null, { verdict: 'skip', reason: 'server lists no prompts' }, null]);
  });

  test('a failure one implementation alone has, where another passes, is a unique failure', () => {
    const unique = Object.fromEntries(matrix.rows.map((r) => [r.id, r.uniqueFailure]));
    expect(unique['2026-07-28/lifecycle/l']).toBe('impl-2');
    expect(unique['2025-11-25/tools/list']).toBe('impl-2');
    // Two implementations fail it, though a third passes: not unique. Nobody passes what only one ran: not unique.
    expect(unique['2025-11-25/ping/ping']).toBeUndefined();
    expect(unique['2026-07-28/meta/only-b']).toBeUndefined();
    expect(matrix.uniqueFailures).toBe(2);
    expect(matrix.columns.map((col) => col.uniqueFailures)).toEqual([0, 2, 0]);
  });

  test('totals, pass rates (skips left out) and the conformance statement per implementation', () => {
    const beta = matrix.columns[1];
    expect(beta.totals).toMatchObject({ total: 5, pass: 1, fail: 3, skip: 1, passRate: 25 });
    expect(beta.byRevision['2026-07-28']).toMatchObject({ total: 3, passRate: 50 });
    expect(matrix.columns[0].totals.passRate).toBe(75);
    expect(beta.conformance.revisions.map((r) => r.statement)).toEqual([
      '2026-07-28: Core 1 failure; no capabilities declared',
      '2025-11-25: Core 2 failures; no capabilities declared',
    ]);
    expect(matrix.columns[0].conformance.revisions.map((r) => r.statement)).toContain(
      '2025-11-25: Core 1 failure; tools conformant',
    );
  });

  test('two runs of one server get distinct labels: the transport, then a number', () => {
    const twice = buildImplementationMatrix([
      { results: a, file: 'a.json' },
      { results: a, file: 'a2.json' },
      {
        results: fakeResults([['2025-11-25/tools/list', 'pass']], {
          name: 'alpha',
          version: '1.2.3',
          transport: 'http',
        }),
        file: 'a3.json',
      },
    ]);
    expect(twice.columns.map((col) => col.label)).toEqual([
      'alpha 1.2.3 (stdio) #1',
      'alpha 1.2.3 (stdio) #2',
      'alpha 1.2.3 (http)',
    ]);
  });

  test('cells link to the run’s own report at the check, else to the page’s entry; no other scheme passes', () => {
    expect(cellHref('runs/b%20report.html', 'impl-2', '2026-07-28/lifecycle/l')).toBe(
      'runs/b%20report.html#check-2026-07-28/lifecycle/l',
    );
    expect(cellHref(undefined, 'impl-1', '2026-07-28/lifecycle/l')).toBe('#e-impl-1-2026-07-28/lifecycle/l');
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:x',
      'https://evil.example/x',
      '//evil.example/x',
      'a"b.html',
      'a\\b.html',
    ])
      expect(evidenceHref(bad)).toBeUndefined();
    const html = renderMatrixHtml(matrix, TOOL);
    expect(html).toContain('href="runs/b%20report.html#check-2026-07-28/lifecycle/l"');
    expect(html).toContain('href="#e-impl-1-2026-07-28/lifecycle/l"');
    expect(html).toContain('id="e-impl-1-2026-07-28/lifecycle/l"');
  });

  test('a hostile server name is text on the page, in the badge and on the console', () => {
    const evil = fakeResults([['2025-11-25/tools/list', 'fail', 'MUST', `reason ${IMG}`]], {
      name: `evil ${SCRIPT}`,
      version: CONTROLS,
    });
    const m = buildImplementationMatrix([
      { results: evil, file: 'evil.json' },
      { results: a, file: 'a.json' },
    ]);
    const html = renderMatrixHtml(m, TOOL);
    expect(html).not.toContain(SCRIPT);
    expect(html).not.toContain(IMG);
    expect(html).toContain('evil &lt;script&gt;window.__pwned = 1; alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/[\u0000-\u0008\u001b]/);
    // Two scripts: the embedded JSON and ours; the JSON block cannot be closed from inside.
    expect(html.match(/<script/g)).toHaveLength(2);
    const badge = renderBadge(m, 0);
    expect(badge).not.toContain('<script');
    expect(badge).toContain('evil &lt;script&gt;');
    expect(badge).not.toMatch(/[\u0000-\u0008\u001b]/);
    expect(badgeFileNames(m.columns)[0]).toMatch(/^[A-Za-z0-9._-]+\.svg$/);
    expect(matrixConsoleLines(m).join('\n')).not.toMatch(/[\u0000-\u0008\u001b]/);
  });

  test('badges are deterministic and name the pass rate of the newest revision run', () => {
    const first = renderBadge(matrix, 1);
    expect(renderBadge(buildImplementationMatrix(sources), 1)).toBe(first);
    expect(first).toContain('>50% 2026-07-28<');
    expect(badgeFileNames(matrix.columns)).toEqual(['alpha-1.2.3.svg', 'beta-1.0.0.svg', 'Gamma-over-HTTP.svg']);
  });
});
