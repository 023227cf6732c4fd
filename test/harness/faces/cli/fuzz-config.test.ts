// `fuzz` reads the same config file as `run`: its targets, and the fuzz key's seed, runs,
// time budget and campaigns; flags still win.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { cli, referenceArgv } from './cli-process.js';

function projectWith(config: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-config-'));
  writeFileSync(path.join(dir, 'mcp-conform.config.json'), JSON.stringify(config, null, 2));
  return dir;
}

const FUZZ = { seed: 4242, runs: 3, campaigns: ['2026-07-28/ids/same-id'] };

// Each case has a project directory of its own: side by side.
describe.concurrent('fuzz with a config file', () => {
  test("fuzzes the file's target with its seed, runs and campaigns", async () => {
    const dir = projectWith({
      targets: [{ name: 'ref', stdio: referenceArgv() }],
      revisions: ['2026-07-28'],
      fuzz: FUZZ,
    });
    const result = await cli(['fuzz', '--json', 'fuzz.json', '--quiet'], { cwd: dir });
    expect(result.exitCode, result.stderr).toBe(0);
    const results = JSON.parse(readFileSync(path.join(dir, 'fuzz.json'), 'utf8'));
    expect(results.fuzz.seed).toBe(4242);
    expect(results.fuzz.budget.runs).toBe(3);
    const properties = results.fuzz.campaigns.flatMap((c: { properties: { id: string }[] }) =>
      c.properties.map((p) => p.id),
    );
    expect(properties).toEqual(['2026-07-28/ids/same-id']);
    expect(results.target.description).toContain('reference-server');
  });

  test('flags win over the file: --runs and --seed replace its fuzz values', async () => {
    const dir = projectWith({ targets: [{ stdio: referenceArgv() }], revisions: ['2026-07-28'], fuzz: FUZZ });
    const result = await cli(['fuzz', '--runs', '2', '--seed', '9', '--json', 'fuzz.json', '--quiet'], { cwd: dir });
    expect(result.exitCode, result.stderr).toBe(0);
    const results = JSON.parse(readFileSync(path.join(dir, 'fuzz.json'), 'utf8'));
    expect([results.fuzz.seed, results.fuzz.budget.runs]).toEqual([9, 2]);
  });

  test('a wrong key in the fuzz section is one line and exit 2', async () => {
    const dir = projectWith({ fuzz: { ...FUZZ, rounds: 5 } });
    const result = await cli(['fuzz'], { cwd: dir });
    expect(result.exitCode).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('rounds');
  });
});
