// The matrix page, its JSON, badges and console lines name no absolute path of the machine:
// a path under the working directory is shown relative to it, any other by its last segment.
import path from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, test } from 'vitest';
import { buildImplementationMatrix } from '../../harness/results/implementation-matrix.js';
import { withoutMachinePaths } from '../../harness/results/machine-paths.js';
import { renderBadge } from '../../reports/matrix-page/badge.js';
import { matrixConsoleLines } from '../../reports/matrix-page/console.js';
import { renderMatrixHtml } from '../../reports/matrix-page/index.js';
import { fakeResults } from './matrix-fakes.js';

const cwd = process.cwd();
const server = path.join(cwd, 'test/fixtures/server.js');
const target = `${process.execPath} ${server} --root ${path.join(tmpdir(), 'abc/data')} --config=/home/someone/c.json`;

function withTarget(description: string) {
  const results = fakeResults([['2026-07-28/tools/list', 'pass']]);
  return { ...results, target: { ...results.target, transport: 'stdio' as const, description } };
}

describe('no absolute machine paths in the matrix', () => {
  test('paths under the working directory become relative, others their last segment; URLs stay', () => {
    expect(withoutMachinePaths(target, cwd)).toBe(
      `${path.basename(process.execPath)} test/fixtures/server.js --root data --config=c.json`,
    );
    expect(withoutMachinePaths('https://example.test/mcp/x', cwd)).toBe('https://example.test/mcp/x');
  });

  test('page, JSON, badges and console carry neither /work/, /home/, /tmp/ nor the working directory', () => {
    const matrix = buildImplementationMatrix([
      { results: withTarget(target), file: path.join(cwd, 'out/a.json') },
      {
        results: withTarget(`node ${path.join(tmpdir(), 'x/server.js')}`),
        file: path.join(tmpdir(), 'b.json'),
        label: 'b',
      },
    ]);
    const outputs = [
      renderMatrixHtml(matrix, { name: 'mcp-conform', version: '0' }),
      JSON.stringify(matrix),
      ...matrix.columns.map((_, i) => renderBadge(matrix, i)),
      matrixConsoleLines(matrix).join('\n'),
    ];
    for (const text of outputs)
      for (const machine of ['/work/', '/home/', '/tmp/', tmpdir(), cwd]) expect(text).not.toContain(machine);
    expect(matrix.columns.map((c) => [c.target, c.file])).toEqual([
      [`${path.basename(process.execPath)} test/fixtures/server.js --root data --config=c.json`, 'out/a.json'],
      ['node server.js', 'b.json'],
    ]);
  });
});
