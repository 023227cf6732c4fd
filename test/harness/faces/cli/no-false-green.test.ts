// A forgotten target or a mistyped pattern must never come out green: each is a usage error (exit 2)
// that says what to give, before anything runs.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { cli, referenceArgv } from './cli-process.js';

const emptyDir = () => mkdtempSync(path.join(tmpdir(), 'mcp-conform-nogreen-'));

// Each case has a directory of its own: side by side.
describe.concurrent('no false green', () => {
  test.each([
    [
      ['run'],
      /run: no target given; give --stdio "<command>", --url <url> or -- <command> \[args\.\.\.\], a config file with targets \(--config\), or --demo/,
    ],
    [['run', '--'], /run: `--` is followed by no command \(an unset variable\?\); give --stdio/],
    [['run', '--json', 'r.json', '--revision', '2026-07-28'], /no target given/],
    [['fuzz', '--runs', '1'], /fuzz: no target given; .*--demo/],
  ])(
    '%j without a target and without a config file is a usage error naming --stdio, --url and --demo',
    async (args, message) => {
      const result = await cli(args, { cwd: emptyDir() });
      expect(result.exitCode).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim()).toMatch(message);
    },
  );

  test('a config file without targets is no target either', async () => {
    const dir = emptyDir();
    writeFileSync(path.join(dir, 'mcp-conform.config.json'), JSON.stringify({ revisions: ['2026-07-28'] }));
    const result = await cli(['run'], { cwd: dir });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/no target given/);
  });

  test('--demo and a real target together are a usage error, not a silent choice', async () => {
    const result = await cli(['run', '--demo', '--url', 'http://127.0.0.1:1/mcp'], { cwd: emptyDir() });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/give one target/);
  });

  test('a --check or --skip pattern that matches no check names the pattern and the closest ids', async () => {
    const result = await cli(
      ['run', '--check', '2026-07-28/lifecyle', '--skip', '*/no-such-area/*', '--', ...referenceArgv()],
      { cwd: emptyDir() },
    );
    expect(result.exitCode).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^mcp-conform: --check "2026-07-28\/lifecyle" matches no check; closest: 2026-07-28\/lifecycle(, |$)/,
    );
    expect(lines[1]).toMatch(/^mcp-conform: --skip "\*\/no-such-area\/\*" matches no check; closest: /);
  });

  test('a config checks entry that matches no check is a usage error naming the file and the entry', async () => {
    const dir = emptyDir();
    const file = path.join(dir, 'mcp-conform.config.json');
    writeFileSync(file, JSON.stringify({ checks: ['2025-11-25/pnig'], targets: [{ stdio: referenceArgv() }] }));
    const result = await cli(['run'], { cwd: dir });
    expect(result.exitCode).toBe(2);
    expect(result.stderr.trim()).toMatch(
      new RegExp(
        `^mcp-conform: config file ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: checks entry "2025-11-25/pnig" matches no check; closest: 2025-11-25/ping`,
      ),
    );
  });

  test('a pattern that matches checks runs them as before', async () => {
    const result = await cli(
      ['run', '--demo', '--revision', '2025-11-25', '--check', '2025-11-25/ping/empty-result', '--quiet'],
      { cwd: emptyDir() },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('1 checks: 1 pass');
  });
});
