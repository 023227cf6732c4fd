// The command line as a user runs it: the built binary, its files and exit codes.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ALL_CHECKS } from '../../../../suites/index.js';
import { PROJECT_ROOT } from '../../../helpers/fixture-process.js';
import { cli } from './cli-process.js';

const SPEC_SCHEMAS = path.resolve(
  process.env.MCP_CONFORM_SPEC_DIR ?? path.join(PROJECT_ROOT, '../shared/spec'),
  'schema',
);

describe('mcp-conform run', () => {
  // A check of each revision: --demo probes and runs both, each selected check reaches both
  // reports; test/system/reference-server.test.ts runs the whole suites.
  const SELECTED = ['2026-07-28/lifecycle/discover-result', '2025-11-25/lifecycle/initialize-result'];

  test('--demo tests the bundled reference server and writes JSON and JUnit', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-cli-'));
    const json = path.join(dir, 'out/results.json');
    const junit = path.join(dir, 'out/junit.xml');
    const result = await cli([
      'run',
      '--demo',
      ...SELECTED.flatMap((id) => ['--check', id]),
      '--json',
      json,
      '--junit',
      junit,
    ]);
    expect(result.exitCode, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/checks: \d+ pass, 0 fail/);
    const results = JSON.parse(readFileSync(json, 'utf8'));
    expect(results.schemaVersion).toBe(1);
    expect(results.checks.map((c: { id: string }) => c.id)).toEqual(SELECTED);
    expect(
      results.checks.every((c: { spec: string }) =>
        c.spec.startsWith('https://modelcontextprotocol.io/specification/'),
      ),
    ).toBe(true);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toContain('<testsuite name="2026-07-28/lifecycle"');
    expect(xml).toContain('<testsuite name="2025-11-25/lifecycle"');
    expect(xml.match(/<testcase /g)).toHaveLength(SELECTED.length);
  });

  test('a failing server exits 1 and the JUnit file carries the failure', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-cli-'));
    const junit = path.join(dir, 'junit.xml');
    const reference = path.join(PROJECT_ROOT, 'dist/test/fixtures/reference-server/main.js');
    const result = await cli([
      'run',
      '--revision',
      '2025-11-25',
      '--check',
      '2025-11-25/ping/empty-result',
      '--junit',
      junit,
      '--',
      process.execPath,
      reference,
      '--stdio',
      '--mutant',
      'ping-missing',
    ]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('FAIL  2025-11-25/ping/empty-result');
    expect(readFileSync(junit, 'utf8')).toMatch(
      /<failure message="expected a result for ping without params, got error -32601[^"]*" type="MUST"/,
    );
  });

  test.skipIf(!existsSync(SPEC_SCHEMAS))('--schema-dir validates against official schema files', async () => {
    const result = await cli([
      'run',
      '--demo',
      '--revision',
      '2026-07-28',
      '--verbose',
      '--schema-dir',
      SPEC_SCHEMAS,
      '--check',
      '2026-07-28/wire',
      '--check',
      '2026-07-28/lifecycle',
    ]);
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.stdout).toContain('PASS  2026-07-28/wire/schema');
  });
});

describe('mcp-conform list and help', () => {
  test('list shows every check with level and spec link, without a server', async () => {
    const result = await cli(['list']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`${ALL_CHECKS.length} checks`);
    expect(result.stdout).toContain(
      'https://modelcontextprotocol.io/specification/2026-07-28/server/discover#discoverresult',
    );
    // Every check's link is a page of its own revision, as list and the reports show it.
    expect(
      ALL_CHECKS.filter(
        (check) =>
          !/^https:\/\/modelcontextprotocol\.io\/specification\/[\d-]+\/[a-z][^:]*$/.test(check.specUrl) ||
          !check.specUrl.includes(check.revision),
      ).map((check) => check.id),
    ).toEqual([]);
  });

  test('list filters by prefix and prints JSON', async () => {
    const result = await cli(['list', '2025-11-25/lifecycle', '--json']);
    const rows = JSON.parse(result.stdout);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row: { id: string }) => row.id.startsWith('2025-11-25/lifecycle/'))).toBe(true);
  });

  test('--help and --version', async () => {
    const [help, runHelp, version] = await Promise.all([cli(['--help']), cli(['run', '--help']), cli(['--version'])]);
    expect(help.stdout).toContain('Commands:');
    expect(runHelp.stdout).toContain('--revision <rev>');
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
