// The runner's command line: the CI slice, filters, the cache's place, and clear usage errors.
import { describe, expect, test } from 'vitest';
import { parseOptions } from '../../../scripts/interop/options.js';
import { renderTable, type Cell } from '../../../scripts/interop/table.js';

describe('parseOptions', () => {
  test('--slice ci is python-mcp and go-sdk over stdio', () => {
    expect(parseOptions(['--slice', 'ci'], { HOME: '/h' })).toMatchObject({
      only: ['python-mcp', 'go-sdk'],
      transports: ['stdio'],
      jobs: 2,
    });
  });

  test('--slice published-ci is two PyPI servers of published.yaml over stdio; a lab slice is not one of --published', () => {
    expect(parseOptions(['--slice', 'published-ci'], {})).toMatchObject({
      published: true,
      only: ['mcp-server-time', 'mcp-server-git'],
      transports: ['stdio'],
    });
    expect(parseOptions(['--published'], {}).published).toBe(true);
    expect(parseOptions([], {}).published).toBe(false);
    expect(() => parseOptions(['--published', '--slice', 'ci'], {})).toThrow(/not of --published/);
  });

  test('--jobs sets how many implementations run side by side (default 1), also over a slice', () => {
    expect(parseOptions([], {}).jobs).toBe(1);
    expect(parseOptions(['--slice', 'ci', '--jobs', '1'], {}).jobs).toBe(1);
    expect(parseOptions(['--jobs', '3'], {}).jobs).toBe(3);
  });

  test('the cache comes from --cache, else $MCP_CONFORM_INTEROP_CACHE, else ~/.cache/mcp-conform-interop', () => {
    expect(parseOptions(['--cache', '/tmp/c'], {}).cache).toBe('/tmp/c');
    expect(parseOptions([], { MCP_CONFORM_INTEROP_CACHE: '/tmp/env' }).cache).toBe('/tmp/env');
    expect(parseOptions([], {}).cache).toMatch(/\.cache\/mcp-conform-interop$/);
  });

  test('--only and --transport narrow the lab', () => {
    expect(parseOptions(['--only', 'go-sdk, go-mcp-go', '--transport', 'http'], {})).toMatchObject({
      only: ['go-sdk', 'go-mcp-go'],
      transports: ['http'],
    });
  });

  test('--skip leaves implementations out on purpose; --lab-dir names another folder of them', () => {
    expect(parseOptions([], {}).skip).toEqual([]);
    expect(parseOptions(['--skip', 'rust-rmcp, java-sdk', '--lab-dir', '/tmp/labs'], {})).toMatchObject({
      skip: ['rust-rmcp', 'java-sdk'],
      labDir: '/tmp/labs',
    });
  });

  test('bad values are usage errors', () => {
    expect(() => parseOptions(['--transport', 'sse'], {})).toThrow('--transport: stdio or http');
    expect(() => parseOptions(['--slice', 'nightly'], {})).toThrow('--slice: one of ci');
    expect(() => parseOptions(['--run-timeout', '0'], {})).toThrow('--run-timeout: a positive number');
    expect(() => parseOptions(['--jobs', '0'], {})).toThrow('--jobs: a whole number');
    expect(() => parseOptions(['--jobs', '1.5'], {})).toThrow('--jobs: a whole number');
    expect(() => parseOptions(['--frobnicate'], {})).toThrow();
  });
});

describe('renderTable', () => {
  const cells: Cell[] = [
    {
      label: 'a.stdio',
      state: 'ran',
      checks: [
        { id: 'x/one', verdict: 'fail' },
        { id: 'x/two', verdict: 'pass' },
        { id: 'x/three', verdict: 'skip', reason: 'applies to http only; this target is stdio' },
      ],
      differing: new Set(['x/one']),
      ms: 2000,
    },
    {
      label: 'b.http',
      state: 'ran',
      checks: [
        { id: 'x/one', verdict: 'pass' },
        { id: 'x/two', verdict: 'warn' },
        { id: 'x/three', verdict: 'pass' },
      ],
      differing: new Set(),
      ms: 1000,
    },
    { label: 'c.stdio', state: 'not built', reason: 'go not on PATH', checks: [], differing: new Set() },
  ];

  test('a row per check that is not a pass somewhere, a difference marked with !, not-built cells named with the reason', () => {
    const lines = renderTable(cells);
    expect(lines.find((line) => line.startsWith('x/one'))).toMatch(/FAIL !\s+pass\s+-/);
    expect(lines.find((line) => line.startsWith('x/two'))).toMatch(/pass\s+warn/);
    expect(lines.some((line) => line.startsWith('x/three'))).toBe(false);
    expect(lines).toContain('c.stdio: not built: go not on PATH');
    expect(lines.find((line) => line.startsWith('skip'))).toMatch(/^skip\s+0\s+0\s+-/);
  });
});

describe('suggestYaml', () => {
  test('a cell that differs becomes YAML to review: verdicts with TODO kind and why, skips grouped by reason, transport skips left out', async () => {
    const { suggestYaml } = await import('../../../scripts/interop/suggest.js');
    const { parseExpectations } = await import('../../../scripts/interop/expectations.js');
    const text = suggestYaml('go-sdk', 'stdio', [
      { id: '2026-07-28/a/one', revision: '2026-07-28', verdict: 'fail', reason: 'got a result' },
      { id: '2026-07-28/a/two', revision: '2026-07-28', verdict: 'skip', reason: 'server offers no prompts' },
      {
        id: '2026-07-28/a/three',
        revision: '2026-07-28',
        verdict: 'skip',
        reason: 'applies to http only; this target is stdio',
      },
      { id: '2026-07-28/a/four', revision: '2026-07-28', verdict: 'pass' },
    ]);
    expect(text).toContain('kind: TODO');
    expect(text).toContain('server offers no prompts:\n          - 2026-07-28/a/two');
    expect(text).not.toContain('a/three');
    expect(text).not.toContain('a/four');
    // Unreviewed, it is refused: a TODO explains nothing.
    expect(() => parseExpectations(text)).toThrow('kind: must be one of');
  });
});
