import { mkdirSync, mkdtempSync, utimesSync, writeFileSync, writeFileSync as writeFileRaw } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { configProblem, configProblems, configTargets, loadConfig } from '../../../../harness/faces/cli/config-file.js';

describe('config file validation', () => {
  test('a complete, valid config has no problem', () => {
    expect(
      configProblem({
        targets: [
          { name: 'local', stdio: 'node server.js', env: { DEBUG: '1' } },
          { name: 'remote', url: 'http://127.0.0.1:3000/mcp', headers: { Authorization: 'Bearer x' } },
        ],
        revisions: ['2026-07-28'],
        checks: ['2026-07-28/meta'],
        strict: true,
        reports: { json: 'out/r.json', junit: 'out/j.xml', html: 'out/r.html' },
        fuzz: { seed: 42, runs: 200 },
      }),
    ).toBeUndefined();
  });

  test.each([
    [{ targets: [{ stdoi: 'node x.js' }] }, 'unknown key "stdoi" in targets[0] (did you mean "stdio"?)'],
    [{ revison: 'auto' }, 'unknown key "revison" in the top level (did you mean "revisions"?)'],
    [{ revisions: ['2024-11-05'] }, 'revisions'],
    [{ timeoutMs: -5 }, 'timeoutMs must be >= 1'],
    [{ toolCalls: 'some' }, 'toolCalls must be one of "safe", "all", "none"'],
    [{ targets: [{ stdio: 'x', url: 'http://127.0.0.1/mcp' }] }, 'targets[0] needs exactly one of "stdio" or "url"'],
    [
      { targets: [{ url: 'http://127.0.0.1/mcp', env: {} }] },
      'targets[0]: "cwd", "env" and "inheritEnv" apply to stdio targets only',
    ],
    [{ reports: { pdf: 'x.pdf' } }, 'unknown key "pdf" in reports'],
  ])('%j → %s', (config, message) => {
    expect(configProblem(config)).toContain(message);
  });

  test('loadConfig finds the file in the working directory and reports broken JSON in one line', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-config-'));
    expect(await loadConfig(undefined, dir)).toBeUndefined();
    writeFileSync(path.join(dir, 'mcp-conform.config.json'), '{"strict": true}');
    expect((await loadConfig(undefined, dir))?.config).toEqual({ strict: true });
    writeFileSync(path.join(dir, 'mcp-conform.config.json'), '{"strict": tru');
    await expect(loadConfig(undefined, dir)).rejects.toThrow(/is not valid JSON/);
    await expect(loadConfig(path.join(dir, 'missing.json'))).rejects.toThrow(/cannot read config file .*ENOENT/);
    await expect(loadConfig(path.join(dir, 'missing.ts'))).rejects.toThrow(/cannot read config file .*ENOENT/);
  });
});

describe('config modules', () => {
  const defineConfigSource = path.resolve(import.meta.dirname, '../../../../harness/faces/config.ts');

  test('.mjs: the default export, awaited, validated like JSON, read again when edited', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-config-'));
    let edits = 0;
    const writeFileSync = (file: string, text: string) => {
      writeFileRaw(file, text);
      // Each edit a second apart: the module is keyed by its modification time.
      utimesSync(file, 1_000_000 + edits, 1_000_000 + ++edits);
    };
    writeFileSync(
      path.join(dir, 'mcp-conform.config.mjs'),
      "export default Promise.resolve({ strict: true, checks: ['2026-07-28/meta'] });\n",
    );
    expect((await loadConfig(undefined, dir))?.config).toEqual({ strict: true, checks: ['2026-07-28/meta'] });
    writeFileSync(path.join(dir, 'mcp-conform.config.mjs'), 'export default { strcit: true };\n');
    await expect(loadConfig(undefined, dir)).rejects.toThrow(
      /mcp-conform\.config\.mjs: unknown key "strcit" in the top level \(did you mean "strict"\?\)/,
    );
    writeFileSync(path.join(dir, 'mcp-conform.config.mjs'), 'export const strict = true;\n');
    await expect(loadConfig(undefined, dir)).rejects.toThrow(/must export the config as its default export/);
    writeFileSync(path.join(dir, 'mcp-conform.config.mjs'), "throw new Error('no config today');\n");
    await expect(loadConfig(undefined, dir)).rejects.toThrow(
      /mcp-conform\.config\.mjs failed to load: no config today/,
    );
  });

  test.each([
    ['ESM', '{"type":"module"}'],
    ['CommonJS', '{}'],
  ])('.ts compiled as %s, typed with defineConfig', async (_kind, packageJson) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-config-'));
    writeFileSync(path.join(dir, 'package.json'), packageJson);
    const source = `import { defineConfig } from ${JSON.stringify(defineConfigSource)};\nconst runs: number = 50;\nexport default defineConfig({ revisions: ['2025-11-25'], fuzz: { runs } });\n`;
    writeFileSync(path.join(dir, 'mcp-conform.config.ts'), source);
    expect((await loadConfig(undefined, dir))?.config).toEqual({ revisions: ['2025-11-25'], fuzz: { runs: 50 } });
  });

  test('a .ts syntax error names the place; two config files are one error', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-config-'));
    writeFileSync(path.join(dir, 'mcp-conform.config.ts'), 'export default { strict: true ;\n');
    await expect(loadConfig(undefined, dir)).rejects.toThrow(
      /mcp-conform\.config\.ts failed to load: Transform failed with 1 error: .*mcp-conform\.config\.ts:1:\d+: ERROR/,
    );
    writeFileSync(path.join(dir, 'mcp-conform.config.json'), '{}');
    await expect(loadConfig(undefined, dir)).rejects.toThrow(
      'found mcp-conform.config.json and mcp-conform.config.ts: keep one, or name it with --config',
    );
    expect((await loadConfig(path.join(dir, 'mcp-conform.config.json'), dir))?.config).toEqual({});
  });
});

describe('config file problems and targets', () => {
  test('every wrong key is its own line', () => {
    expect(
      configProblems({
        revison: 'auto',
        strict: 'yes',
        targets: [{ stdio: [] }, { url: 'http://127.0.0.1/mcp', cwd: '.' }],
      }),
    ).toEqual([
      'unknown key "revison" in the top level (did you mean "revisions"?); known keys: $schema, targets, revisions, checks, skip, strict, timeoutMs, maxTimeoutMs, startupTimeoutMs, checkTimeoutMs, maxLineMb, concurrency, jobs, toolCalls, schemaDir, expectedFailures, reports, matrix, fuzz',
      'targets[0].stdio must be a command line or a non-empty list of arguments',
      'strict must be boolean',
    ]);
    expect(
      configProblems({
        targets: [
          { url: 'http://127.0.0.1/mcp', cwd: '.' },
          { name: 'a', stdio: 'x' },
          { name: 'a', stdio: 'y', headers: {} },
        ],
      }),
    ).toEqual([
      'targets[0]: "cwd", "env" and "inheritEnv" apply to stdio targets only',
      'targets[2]: "headers" applies to url targets only',
      'two targets are named "a"',
    ]);
  });

  test("targets: stdio servers start in the file's folder unless cwd says otherwise; urls keep their headers", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-config-'));
    mkdirSync(path.join(dir, 'server'));
    const targets = configTargets({
      file: path.join(dir, 'mcp-conform.config.json'),
      baseDir: dir,
      config: {
        targets: [
          { stdio: 'node "my server.js" --stdio' },
          { name: 'sub', stdio: ['node', 'x.js'], cwd: 'server', env: { DEBUG: '1' } },
          { url: 'http://127.0.0.1:3000/mcp', headers: { 'X-Key': 'k' } },
        ],
      },
    });
    expect(targets).toEqual([
      {
        name: 'target-1',
        spec: { kind: 'stdio', command: 'node', args: ['my server.js', '--stdio'], cwd: dir, env: {} },
      },
      {
        name: 'sub',
        label: 'sub',
        spec: { kind: 'stdio', command: 'node', args: ['x.js'], cwd: path.join(dir, 'server'), env: { DEBUG: '1' } },
      },
      { name: 'target-3', spec: { kind: 'http', url: 'http://127.0.0.1:3000/mcp', headers: { 'X-Key': 'k' } } },
    ]);
  });

  test('inheritEnv gives a stdio target the whole environment; a url target takes none', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-config-'));
    const config = { targets: [{ stdio: 'node server.js', inheritEnv: true }] };
    const [target] = configTargets({ file: path.join(dir, 'c.json'), baseDir: dir, config });
    expect(target.spec).toMatchObject({ kind: 'stdio', inheritEnv: true });
    expect(configProblem({ targets: [{ url: 'http://127.0.0.1/mcp', inheritEnv: false }] })).toBe(
      'targets[0]: "cwd", "env" and "inheritEnv" apply to stdio targets only',
    );
  });
});
