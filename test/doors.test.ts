// The layout table in DEVELOPERS.md is the law of imports: every door a source file uses is one
// the table opens, and no import circles back, between layers or between files.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkDoors, cycles, layerGraph, parseLayout, type Layout } from './helpers/doors.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const FOLDERS = ['harness', 'suites', 'generators', 'reports', 'scripts', 'test'];

function sourcesOf(folder: string): Map<string, string> {
  const entries = readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.parentPath.includes('node_modules'));
  return new Map(
    files.map((e) => {
      const file = path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join('/');
      return [file, readFileSync(path.join(ROOT, file), 'utf8')] as const;
    }),
  );
}

const layout = parseLayout(readFileSync(path.join(ROOT, 'DEVELOPERS.md'), 'utf8'));
const tree = new Map(FOLDERS.flatMap((folder) => [...sourcesOf(folder)]));

describe('the tree keeps the doors of DEVELOPERS.md', () => {
  const graph = checkDoors(tree, layout);

  test('every source file sits in a layer, and imports only what its layer may import', () => {
    expect(layout.size).toBeGreaterThan(10);
    expect(tree.size).toBeGreaterThan(200);
    expect(graph.problems).toEqual([]);
  });

  test('no layer imports, through others, a layer that imports it', () => {
    expect(cycles(layerGraph(graph.files, layout))).toEqual([]);
  });

  test('no file imports, through others, a file that imports it', () => {
    expect(cycles(graph.files)).toEqual([]);
  });

  test('the engine knows no face and no renderer: no engine layer may import harness/faces or reports', () => {
    const engine = [...layout.keys()].filter((layer) => layer.startsWith('harness/') && layer !== 'harness/faces');
    const open = engine.filter((layer) =>
      ['*', 'harness/faces', 'reports', 'suites'].some((door) => layout.get(layer)!.has(door)),
    );
    expect(open).toEqual([]);
  });

  test('checks talk only to their lifecycle client: no suite imports a transport, and no check is handed a connection', () => {
    expect(layout.get('suites')!.has('harness/transports')).toBe(false);
    expect(tree.get('harness/checks/check.ts')).not.toMatch(/\bconnections\b/);
  });

  test('the results contract imports nothing else of ours', () => {
    expect([...layout.get('harness/results')!]).toEqual([]);
  });
});

describe('the door check fails when a door is broken', () => {
  const table: Layout = new Map([
    ['harness/results', new Set<string>()],
    ['harness/runner', new Set(['harness/results'])],
    ['harness/faces', new Set(['harness/runner', 'harness/results', 'reports'])],
    ['reports', new Set(['harness/results'])],
  ]);
  const files = (extra: Record<string, string>) =>
    new Map(
      Object.entries({
        'harness/results/results.ts': 'export const RESULTS_SCHEMA_VERSION = 1;\n',
        'harness/runner/run.ts': "import { RESULTS_SCHEMA_VERSION } from '../results/results.js';\n",
        'harness/faces/api.ts':
          "import { run } from '../runner/run.js';\nimport { renderSummary } from '../../reports/console.js';\n",
        'reports/console.ts': "import type { RunResults } from '../harness/results/results.js';\n",
        ...extra,
      }),
    );

  test('a tree that keeps the table passes', () => {
    const graph = checkDoors(files({}), table);
    expect(graph.problems).toEqual([]);
    expect(cycles(layerGraph(graph.files, table))).toEqual([]);
  });

  test('the engine importing a renderer is named, file -> import', () => {
    const graph = checkDoors(
      files({ 'harness/runner/run.ts': "import {\n  renderSummary,\n} from '../../reports/console.js';\n" }),
      table,
    );
    expect(graph.problems).toEqual([
      'harness/runner/run.ts -> ../../reports/console.js (harness/runner may not import reports)',
    ]);
  });

  test('the contract importing the engine, even by a dynamic import, is named', () => {
    const graph = checkDoors(
      files({ 'harness/results/late.ts': "export const run = () => import('../runner/run.js');\n" }),
      table,
    );
    expect(graph.problems).toEqual([
      'harness/results/late.ts -> ../runner/run.js (harness/results may not import harness/runner)',
    ]);
  });

  test('a file in no layer of the table is named', () => {
    expect(checkDoors(files({ 'harness/stray.ts': 'export {};\n' }), table).problems).toEqual([
      'harness/stray.ts: in no layer of the layout table',
    ]);
  });

  test('a circle between layers is found even where the table opens both doors', () => {
    const open: Layout = new Map([...table, ['harness/results', new Set(['reports'])]]);
    const graph = checkDoors(files({ 'harness/results/view.ts': "export * from '../../reports/console.js';\n" }), open);
    expect(graph.problems).toEqual([]);
    expect(cycles(layerGraph(graph.files, open))).toEqual([['harness/results', 'reports']]);
  });

  test('a circle between two files of one layer is found', () => {
    const graph = checkDoors(
      files({ 'reports/a.ts': "import './b.js';\n", 'reports/b.ts': "import type { A } from './a.js';\n" }),
      table,
    );
    expect(cycles(graph.files)).toEqual([['reports/a.ts', 'reports/b.ts']]);
  });
});
