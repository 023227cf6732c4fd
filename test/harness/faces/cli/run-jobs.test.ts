// `run --jobs N` over a config's targets: up to N at once, each isolated, so a server that crashes
// and one that hangs cost only their own reports while a good one beside them passes; a table of
// all of them closes the run.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import type { RunResults } from '../../../../harness/results/results.js';
import { builtFixture } from '../../../helpers/fixture-process.js';
import { cli, referenceArgv } from './cli-process.js';

const crashing = [process.execPath, builtFixture('fixtures/hostile/exit-at-once.ts')];
const hanging = [process.execPath, builtFixture('fixtures/hostile/never-answers.ts')];

function project(config: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-jobs-'));
  writeFileSync(path.join(dir, 'mcp-conform.config.json'), JSON.stringify(config, null, 2));
  return dir;
}

const read = (dir: string, name: string): RunResults =>
  JSON.parse(readFileSync(path.join(dir, `out/results-${name}.json`), 'utf8'));

test('three targets at once: the good one passes beside a crashing and a hanging one, each with its own report', async () => {
  const dir = project({
    revisions: ['2025-11-25'],
    checks: ['2025-11-25/ping'],
    // Short waits for the hanging server, long enough for the good one on a busy machine.
    startupTimeoutMs: 3000,
    timeoutMs: 2000,
    jobs: 3,
    targets: [
      { name: 'hang', stdio: hanging },
      { name: 'good', stdio: referenceArgv() },
      { name: 'crash', stdio: crashing },
    ],
    reports: { json: 'out/results.json' },
  });
  const result = await cli(['run'], { cwd: dir });
  // Unreachable (2) is the worst of them.
  expect(result.exitCode, result.stderr).toBe(2);
  const [hang, good, crash] = ['hang', 'good', 'crash'].map((name) => read(dir, name));
  expect([hang.outcome, good.outcome, crash.outcome]).toEqual(['unreachable', 'passed', 'unreachable']);
  expect(crash.error).toContain('server exited with code 1');
  expect(hang.error).toContain('no response before the timeout');
  // They ran side by side: the good run started before the hanging one had ended.
  expect(Date.parse(good.startedAt)).toBeLessThan(Date.parse(hang.finishedAt));
  // The table, in the config's order, then the one-line verdict.
  const table = result.stdout.slice(result.stdout.indexOf('target  '));
  expect(
    table
      .split('\n')
      .slice(0, 4)
      .map((line) => line.split(/\s+/).slice(0, 3)),
  ).toEqual([
    ['target', 'outcome', 'exit'],
    ['hang', 'unreachable', '2'],
    ['good', 'passed', '0'],
    ['crash', 'unreachable', '2'],
  ]);
  expect(result.stdout).toContain('3 targets: hang exit 2, good exit 0, crash exit 2; exit 2');
  // Each target's summary comes whole, under its own header.
  expect(result.stdout.match(/^== target (hang|good|crash)$/gm)?.sort()).toEqual([
    '== target crash',
    '== target good',
    '== target hang',
  ]);
});

test('--jobs must be a positive integer', async () => {
  const dir = project({ targets: [{ stdio: referenceArgv() }] });
  const result = await cli(['run', '--jobs', '0'], { cwd: dir });
  expect(result.exitCode).toBe(2);
  expect(result.stderr).toContain('--jobs expects a positive integer, got "0"');
});
