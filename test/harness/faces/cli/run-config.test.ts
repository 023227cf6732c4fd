// mcp-conform.config.json drives `run`: its targets run one after another, flags override it,
// and every wrong key is a one-line error with exit 2.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { builtFixture } from '../../../helpers/fixture-process.js';
import { cli, referenceArgv } from './cli-process.js';

function projectWith(config: unknown, name = 'mcp-conform.config.json'): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-config-'));
  writeFileSync(path.join(dir, name), JSON.stringify(config, null, 2));
  return dir;
}

// One check the ping-missing mutant fails: every non-pass is confirmed by a second run, so one is enough.
const PING_ONLY = { revisions: ['2025-11-25'], checks: ['2025-11-25/ping/empty-result'] };

// Each case has a project directory of its own.
describe.concurrent('run with a config file', () => {
  test('several targets run one after another, each reported, reports per target, exit code the worst', async () => {
    const dir = projectWith({
      ...PING_ONLY,
      targets: [
        { name: 'good', stdio: referenceArgv() },
        { name: 'no ping', stdio: referenceArgv('ping-missing') },
      ],
      reports: { json: 'out/results.json', junit: 'out/junit.xml' },
    });
    const result = await cli(['run'], { cwd: dir });
    expect(result.exitCode, result.stderr).toBe(1);
    expect(result.stdout).toContain('== target good');
    expect(result.stdout).toContain('== target no ping');
    expect(result.stdout).toContain('FAIL  2025-11-25/ping/empty-result');
    expect(result.stdout).toContain('2 targets: good exit 0, no ping exit 1; exit 1');
    // Relative report paths are resolved from the config file's folder, one file per target.
    const good = JSON.parse(readFileSync(path.join(dir, 'out/results-good.json'), 'utf8'));
    const bad = JSON.parse(readFileSync(path.join(dir, 'out/results-no-ping.json'), 'utf8'));
    expect([good.outcome, bad.outcome]).toEqual(['passed', 'failed']);
    expect(good.checks.every((c: { id: string }) => c.id.startsWith('2025-11-25/ping/'))).toBe(true);
    expect(
      existsSync(path.join(dir, 'out/junit-good.xml')) && existsSync(path.join(dir, 'out/junit-no-ping.xml')),
    ).toBe(true);
  });

  test('flags override the file: --check replaces its checks, a target on the command line replaces its targets', async () => {
    const dir = projectWith({
      revisions: ['2025-11-25'],
      checks: ['2025-11-25/lifecycle'],
      targets: [{ stdio: 'definitely-not-a-real-mcp-server' }],
    });
    const result = await cli(
      ['run', '--check', '2025-11-25/ping/empty-result', '--json', 'r.json', '--', ...referenceArgv()],
      { cwd: dir },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    const results = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8'));
    expect(results.checks.length).toBeGreaterThan(0);
    expect(results.checks.every((c: { id: string }) => c.id.startsWith('2025-11-25/ping/'))).toBe(true);
    expect(results.options.revisions).toBe('2025-11-25');
  });

  test('--config names the file explicitly; --no-config ignores the one in the working directory', async () => {
    const elsewhere = projectWith({ ...PING_ONLY, targets: [{ stdio: referenceArgv('ping-missing') }] }, 'ci.json');
    const explicit = await cli(['run', '--config', path.join(elsewhere, 'ci.json')]);
    expect(explicit.exitCode).toBe(1);
    expect(explicit.stdout).toContain('FAIL  2025-11-25/ping/empty-result');

    const dir = projectWith({ ...PING_ONLY, targets: [{ stdio: 'definitely-not-a-real-mcp-server' }] });
    const ignored = await cli(
      ['run', '--no-config', '--demo', '--revision', '2025-11-25', '--check', '2025-11-25/ping/empty-result'],
      { cwd: dir },
    );
    expect(ignored.exitCode, ignored.stderr).toBe(0);
  });

  test('maxLineMb sets the stdout line cap as --max-line-mb does: a tools/list line over 1 MB is not read', async () => {
    const hostile = [
      process.execPath,
      builtFixture('fixtures/hostile/stdio-server.ts'),
      '--long-description',
      '2',
      'max-line-config',
    ];
    const dir = projectWith({
      revisions: ['2026-07-28'],
      checks: ['2026-07-28/tools/list-result'],
      maxLineMb: 1,
      targets: [{ stdio: hostile }],
      reports: { json: 'r.json' },
    });
    const result = await cli(['run', '--timeout', '3000'], { cwd: dir });
    const results = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8'));
    const list = results.checks.find((c: { id: string }) => c.id === '2026-07-28/tools/list-result');
    expect(list?.reason, result.stderr).toMatch(
      /^inconclusive: answer larger than the line cap: a line of \d+ bytes, the cap is 1048576 bytes/,
    );
  });

  test('--header adds to the url targets of the file, and is an error when it lists none', async () => {
    const dir = projectWith({ targets: [{ stdio: referenceArgv() }] });
    const result = await cli(['run', '--header', 'Authorization: Bearer x'], { cwd: dir });
    expect(result.exitCode).toBe(2);
    expect(result.stderr.trim()).toBe(
      'mcp-conform: --header applies to url targets only, and the config file lists none',
    );
  });

  test('every wrong key is named on its own line, and the run exits 2 before starting anything', async () => {
    const dir = projectWith({
      revison: 'auto',
      targets: [{ stdoi: 'node x.js' }],
      timeoutMs: 0,
      reports: { pdf: 'r.pdf' },
    });
    const result = await cli(['run'], { cwd: dir });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    const file = path.join(dir, 'mcp-conform.config.json');
    expect(lines.sort()).toEqual(
      [
        `mcp-conform: config file ${file}: unknown key "revison" in the top level (did you mean "revisions"?); known keys: $schema, targets, revisions, checks, skip, strict, timeoutMs, maxTimeoutMs, startupTimeoutMs, checkTimeoutMs, maxLineMb, concurrency, jobs, toolCalls, schemaDir, expectedFailures, reports, matrix, fuzz`,
        `mcp-conform: config file ${file}: unknown key "stdoi" in targets[0] (did you mean "stdio"?); known keys: name, stdio, cwd, env, inheritEnv, url, headers`,
        `mcp-conform: config file ${file}: timeoutMs must be >= 1`,
        `mcp-conform: config file ${file}: unknown key "pdf" in reports; known keys: json, junit, html, sarif`,
      ].sort(),
    );
  });

  test.each([
    [{ targets: [{ url: 'not a url' }] }, /targets\[0\]\.url is not a valid URL: "not a url"$/],
    [{ targets: [{ stdio: 'node "x.js' }] }, /targets\[0\]\.stdio: unterminated " quote/],
    [
      { targets: [{ stdio: 'node x.js', cwd: 'missing-dir' }] },
      /targets\[0\]\.cwd directory does not exist: .*missing-dir$/,
    ],
    [{ expectedFailures: 'missing.yml', targets: [{ stdio: 'node x.js' }] }, /missing\.yml/],
  ])('a target or file the config names wrongly is one line and exit 2: %j', async (config, message) => {
    const dir = projectWith(config);
    const result = await cli(['run'], { cwd: dir });
    expect(result.exitCode).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr.trim()).toMatch(message);
  });
});
