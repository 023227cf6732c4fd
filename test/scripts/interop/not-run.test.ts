// A lab cell that could not be built is never "as expected": the lab says which cells did not run
// and exits 1; only --skip leaves an implementation out, and a lab that ran no cell is not green.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { expect, test } from 'vitest';
import { PROJECT_ROOT } from '../../helpers/fixture-process.js';

const MAIN = path.join(PROJECT_ROOT, 'dist/scripts/interop/main.js');

/** A lab folder whose implementations each need a toolchain this machine lacks. */
function labsNeedingMissingTools(ids: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-labs-'));
  for (const id of ids) {
    mkdirSync(path.join(dir, id));
    const manifest = {
      id,
      name: `needs a missing tool (${id})`,
      language: 'go',
      sdk: { package: 'none', version: '0' },
      toolchain: ['mcp-conform-no-such-toolchain'],
      build: [['mcp-conform-no-such-toolchain', 'build']],
      stdio: ['{out}/server'],
      env: {},
    };
    writeFileSync(path.join(dir, id, 'lab.json'), JSON.stringify(manifest));
  }
  return dir;
}

const lab = (dir: string, ...args: string[]) =>
  execa(
    process.execPath,
    [MAIN, '--lab-dir', dir, '--cache', path.join(dir, '.cache'), '--transport', 'stdio', ...args],
    {
      reject: false,
      env: { NO_COLOR: '1' },
    },
  );

test('a cell that was not built fails the lab and is named; --skip leaves one out, and no cell at all is not green', async () => {
  const dir = labsNeedingMissingTools(['first-lab', 'second-lab']);
  const both = await lab(dir);
  expect(both.exitCode, both.stdout).toBe(1);
  expect(both.stdout).toMatch(/did not run: first-lab\.stdio, second-lab\.stdio/);
  expect(both.stdout).not.toMatch(/every cell as expected/);

  const one = await lab(dir, '--skip', 'first-lab');
  expect(one.exitCode, one.stdout).toBe(1);
  expect(one.stdout).toContain('left out by --skip: first-lab');
  expect(one.stdout).toMatch(/did not run: second-lab\.stdio;/);

  const none = await lab(dir, '--skip', 'first-lab,second-lab');
  expect(none.exitCode, none.stdout).toBe(1);
  expect(none.stdout).toMatch(/no cell ran/);
});

test('a published server that cannot be installed is not run, never as expected, and is named', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-published-'));
  const server = {
    name: 'needs a missing tool',
    language: 'go',
    registry: 'go',
    package: 'example.invalid/server',
    version: 'v1.0.0',
    sdk: { package: 'none', version: '0' },
    toolchain: ['mcp-conform-no-such-toolchain'],
    install: [['mcp-conform-no-such-toolchain', 'install', 'example.invalid/server@v1.0.0']],
    stdio: ['{out}/server'],
    offline: 'nothing to fetch: it never starts',
  };
  writeFileSync(path.join(dir, 'published.yaml'), JSON.stringify({ servers: { 'missing-tool': server } }));
  const run = await lab(dir, '--published');
  expect(run.exitCode, run.stdout).toBe(1);
  expect(run.stdout).toContain('mcp-conform interop (published servers): 1 implementation(s)');
  expect(run.stdout).toMatch(/build missing-tool: not built: mcp-conform-no-such-toolchain not on PATH/);
  expect(run.stdout).toMatch(/did not run: missing-tool\.stdio;/);
  expect(run.stdout).not.toMatch(/every cell as expected/);
});
