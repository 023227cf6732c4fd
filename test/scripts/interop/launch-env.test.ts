// The lab starts an HTTP server as mcp-conform starts a stdio one: with the allow-list and the
// lab's own variables, never a secret of the runner's environment (issue 27, point 7).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import type { Lab } from '../../../scripts/interop/build.js';
import { launchTarget } from '../../../scripts/interop/launch.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-conform-launch-env-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Writes the environment it was given, then listens on the port the lab chose.
const SERVER = `require('fs').writeFileSync(process.argv[2], JSON.stringify(process.env));
require('http').createServer((q, r) => r.end()).listen(Number(process.argv[1]), '127.0.0.1');`;

test('an HTTP server of the lab gets the allow-list and the lab env, not the runner secrets', async () => {
  const seen = path.join(dir, 'env.json');
  const lab: Lab = {
    folder: dir,
    manifest: {
      id: 'env-echo',
      name: 'env echo',
      language: 'typescript',
      sdk: { package: 'none', version: '0' },
      toolchain: [],
      build: [],
      stdio: [process.execPath, '-e', ''],
      http: { command: [process.execPath, '-e', SERVER, '{port}', seen], url: 'http://127.0.0.1:{port}/mcp' },
      env: { LAB_SETTING: 'on' },
    },
  };
  process.env.LAUNCH_TEST_API_TOKEN = 'runner-secret-value';
  try {
    const launched = await launchTarget(lab, 'http', { built: true, ms: 0, src: dir, out: dir });
    await launched.stop();
  } finally {
    delete process.env.LAUNCH_TEST_API_TOKEN;
  }
  const env = JSON.parse(readFileSync(seen, 'utf8')) as Record<string, string>;
  expect(env.LAB_SETTING).toBe('on');
  expect(env.PATH).toBe(process.env.PATH);
  expect(env.LAUNCH_TEST_API_TOKEN).toBeUndefined();
});
