// A server whose every result holds a value nested 5,000 deep: the run ends by itself, and the
// JSON, JUnit and HTML reports are all written and readable.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { cli } from './cli/cli-process.js';
import { builtFixture } from './helpers/fixture-process.js';
import { DEPTH_MARKER } from '../harness/transports/bounded-json.js';

const DEEP = builtFixture('fixtures/hostile/deep-nesting.ts');

test('values nested thousands deep are cut where they enter; every report is written', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-deep-'));
  const at = (name: string) => path.join(dir, name);
  const started = performance.now();
  const run = await cli(['run', '--quiet', '--revision', '2026-07-28', '--check', '2026-07-28/tools', '--json', at('r.json'), '--junit', at('r.xml'), '--html', at('r.html'), '--', process.execPath, DEEP]);
  expect(run.exitCode, run.stderr).toBe(0);
  expect(performance.now() - started).toBeLessThan(60_000);
  const results = JSON.parse(readFileSync(at('r.json'), 'utf8'));
  expect(results.checks.length).toBeGreaterThan(0);
  expect(readFileSync(at('r.json'), 'utf8')).toContain(DEPTH_MARKER);
  expect(readFileSync(at('r.xml'), 'utf8')).toMatch(/^<\?xml[\s\S]*<\/testsuites>\s*$/);
  expect(readFileSync(at('r.html'), 'utf8')).toMatch(/<\/html>\s*$/);
});
