// `mcp-conform fuzz` and `mcp-conform replay` as a user runs them: the built binary, the printed
// one-line replay commands, the saved case file, the reports and the exit codes.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { shardOf } from '../../../harness/results/shard.js';
import { REFERENCE_BUNDLE } from '../../helpers/fixture-process.js';
import { cli } from '../faces/cli/cli-process.js';
import { FUZZ_SEED } from './seed.js';

const REFERENCE = REFERENCE_BUNDLE;

/** The words of a printed `mcp-conform ...` line (our commands quote nothing in these tests). */
function printed(stdout: string, label: string): string[] {
  const line = stdout.split('\n').find((l) => l.includes(label));
  if (!line) throw new Error(`no "${label}" line in:\n${stdout}`);
  return line
    .slice(line.indexOf('mcp-conform ') + 'mcp-conform '.length)
    .trim()
    .split(' ');
}

describe('mcp-conform fuzz', () => {
  let listed: ReturnType<typeof cli> | undefined;
  /** `fuzz --list`, run once for the tests that read it. */
  const list = () => (listed ??= cli(['fuzz', '--list']));

  test('--list names every property with its level and spec link, without a server', async () => {
    const result = await list();
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('2026-07-28/ids/same-id  MUST  stdio+http');
    expect(result.stdout).toContain(
      'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#operation',
    );
  });

  test.concurrent.each([
    [['fuzz', '--path', '1:0', '--campaign', '2026-07-28/ids/same-id'], /--path replays a counterexample of one seed/],
    [['fuzz', '--seed', '1', '--path', '1:0', '--campaign', 'ids'], /--path replays one property/],
    [['fuzz', '--campaign', 'no-such-campaign'], /selects no property/],
    [['fuzz', '--demo', '--runs', '0'], /--runs expects a positive integer/],
    [['fuzz', '--shard', '3/2'], /--shard 3\/2: i must be between 1 and 2/],
    [['replay', '/no/such/case.json'], /cannot read fuzz case file/],
  ])('usage errors exit 2: %j', async (args, message) => {
    const result = await cli(args);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  test('a finding prints its replay commands, writes the case and the reports, and both replays reproduce it', {
    timeout: 180_000,
  }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-fuzz-cli-'));
    const server = ['--', process.execPath, REFERENCE, '--stdio', '--mutant', 'crash-on-unsafe-id'];
    const args = [
      'fuzz',
      '--campaign',
      '2026-07-28/ids/same-id',
      '--revision',
      '2026-07-28',
      '--seed',
      String(FUZZ_SEED),
      '--json',
      'r.json',
      '--junit',
      'j.xml',
      ...server,
    ];
    const result = await cli(args, { cwd: dir });
    expect(result.exitCode, result.stdout + result.stderr).toBe(1);
    expect(result.stderr).toContain(`seed ${FUZZ_SEED}`);
    expect(result.stdout).toContain('shrunk counterexample: {"kind":"unsafe-integer"');

    const results = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8'));
    const finding = results.fuzz.findings[0];
    expect(finding).toMatchObject({
      id: 'fuzz/2026-07-28/ids/same-id',
      seed: FUZZ_SEED,
      level: 'MUST',
      transport: 'stdio',
    });
    expect(readdirSync(path.join(dir, '.fuzz'))).toEqual([path.basename(finding.file)]);
    expect(readFileSync(path.join(dir, 'j.xml'), 'utf8')).toMatch(
      /<testcase classname="fuzz.2026-07-28.ids" name="2026-07-28\/ids\/same-id" [^>]*status="fail">\s*<failure /,
    );

    const again = await cli(printed(result.stdout, 'replay (seed + path):'), { cwd: dir });
    expect(again.exitCode, again.stdout).toBe(1);
    expect(again.stdout).toContain(`shrunk counterexample: ${JSON.stringify(finding.counterexample)}`);

    // Replays only read the case file: the failing and the fixed server at once.
    const [replayed, fixed] = await Promise.all([
      cli(printed(result.stdout, 'replay the saved bytes:'), { cwd: dir }),
      cli(['replay', finding.file, '--', process.execPath, REFERENCE, '--stdio'], { cwd: dir }),
    ]);
    expect(replayed.exitCode, replayed.stdout + replayed.stderr).toBe(1);
    expect(replayed.stdout).toContain('still failing');
    expect(fixed.exitCode, fixed.stdout + fixed.stderr).toBe(0);
    expect(fixed.stdout).toMatch(/^FIXED 2026-07-28\/ids\/same-id: the property holds now/m);
  });

  test('a server without defects exits 0', { timeout: 180_000 }, async () => {
    const result = await cli(
      [
        'fuzz',
        '--campaign',
        'ids',
        '--revision',
        '2026-07-28',
        '--runs',
        '5',
        '--seed',
        '1',
        '--',
        process.execPath,
        REFERENCE,
        '--stdio',
      ],
      {
        cwd: mkdtempSync(path.join(tmpdir(), 'mcp-conform-fuzz-cli-')),
      },
    );
    expect(result.exitCode, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/4 properties, 20 cases, 0 finding\(s\)/);
  });

  test('--shard i/n lists and runs a stable slice of the properties', async () => {
    const ids = (stdout: string) =>
      stdout
        .split('\n')
        .filter((l) => /^\d{4}-/.test(l))
        .map((l) => l.split(' ')[0]);
    const all = ids((await list()).stdout);
    const shards = await Promise.all(
      [1, 2, 3].map(async (i) => ids((await cli(['fuzz', '--list', '--shard', `${i}/3`])).stdout)),
    );
    expect(all.length).toBeGreaterThan(15);
    expect(shards.flat().sort()).toEqual([...all].sort());
    shards.forEach((list, i) => expect(list.every((id) => shardOf(id, 3) === i + 1)).toBe(true));
  });

  // 8 s: the probe and start-up must leave every property a share on a loaded machine.
  test('--time-budget is shared: a huge --runs on the first property leaves time for the others', {
    timeout: 120_000,
  }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-fuzz-cli-'));
    const args = [
      'fuzz',
      '--campaign',
      'framing',
      '--revision',
      '2026-07-28',
      '--runs',
      '100000',
      '--time-budget',
      '8',
      '--seed',
      '1',
      '--json',
      'r.json',
      '--',
      process.execPath,
      REFERENCE,
      '--stdio',
    ];
    const result = await cli(args, { cwd: dir });
    expect(result.exitCode, result.stdout + result.stderr).toBe(0);
    const properties = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8')).fuzz.campaigns.flatMap(
      (c: { properties: unknown[] }) => c.properties,
    );
    expect(properties).toHaveLength(3);
    for (const p of properties)
      expect(p, 'every property ran, each stopped by its share of the budget').toMatchObject({
        interrupted: true,
        cases: expect.any(Number),
      });
    expect(properties.every((p: { cases: number; skipped?: string }) => p.cases > 0 && !p.skipped)).toBe(true);
    expect(result.stdout).toMatch(/: 3 properties, \d+ cases/);
    expect(result.stdout).toContain('not exhausted: 3 properties stopped by the time budget before all their runs');
    // Each property line says so too: a property cut short is never printed as clean.
    const lines = (result.stdout + result.stderr).split('\n');
    expect(lines.filter((line) => line.includes('not exhausted: stopped before all its runs'))).toHaveLength(3);
    expect(lines.filter((line) => line.startsWith('  ok '))).toEqual([]);
  });

  test('a budget used up before any property starts says so, and no verdict is not a pass', {
    timeout: 60_000,
  }, async () => {
    const args = [
      'fuzz',
      '--campaign',
      'ids',
      '--revision',
      '2026-07-28',
      '--time-budget',
      '0.001',
      '--seed',
      '1',
      '--',
      process.execPath,
      REFERENCE,
      '--stdio',
    ];
    const result = await cli(args, { cwd: mkdtempSync(path.join(tmpdir(), 'mcp-conform-fuzz-cli-')) });
    expect(result.stdout).toMatch(/: 0 properties, 0 cases/);
    expect(result.stdout).toContain('skipped 4 properties: 4 × time budget used up before it started');
    expect(result.stdout).toContain('outcome: no-verdicts (exit 5): not applicable');
    expect(result.exitCode).toBe(5);
  });
});
