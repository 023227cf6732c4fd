// Hostile strings and shapes in an otherwise correct server's answers: the run ends by itself,
// every report is written and readable, and nothing the server sent can forge a line of ours.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { cli } from '../harness/faces/cli/cli-process.js';
import { builtFixture } from '../helpers/fixture-process.js';
import { CUT_MARK } from '../../harness/recorder/abridge.js';
import { escapeRegex } from '../../harness/results/select.js';
import { DEPTH_MARKER } from '../../harness/transports/bounded-json.js';

const REWRITTEN = builtFixture('fixtures/hostile/rewritten-reference.ts');
const TOOLS = ['run', '--revision', '2026-07-28', '--check', '2026-07-28/tools'];

function reportsIn() {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-rewritten-'));
  const at = (name: string) => path.join(dir, name);
  return { at, flags: ['--json', at('r.json'), '--junit', at('r.xml'), '--html', at('r.html')] };
}

function expectEveryReport(at: (name: string) => string) {
  expect(JSON.parse(readFileSync(at('r.json'), 'utf8')).checks.length).toBeGreaterThan(0);
  expect(readFileSync(at('r.xml'), 'utf8')).toMatch(/^<\?xml[\s\S]*<\/testsuites>\s*$/);
  expect(readFileSync(at('r.html'), 'utf8')).toMatch(/<\/html>\s*$/);
}

describe('a correct server with hostile answers', () => {
  test('values nested thousands deep are cut where they enter; every report is written', async () => {
    const { at, flags } = reportsIn();
    const started = performance.now();
    const run = await cli([...TOOLS, '--quiet', ...flags, '--', process.execPath, REWRITTEN, '--deep']);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(performance.now() - started).toBeLessThan(60_000);
    expectEveryReport(at);
    // Cut where it enters (the depth bound), or earlier by the evidence budget of the wire log: either mark says so.
    expect(readFileSync(at('r.json'), 'utf8')).toMatch(
      new RegExp(`${escapeRegex(DEPTH_MARKER)}|${escapeRegex(CUT_MARK)}`),
    );
  });

  test('a server name with line feeds, a bidi override and a C1 control forges no console line and stays visible in JUnit', async () => {
    const { at, flags } = reportsIn();
    // --strict: the mutant's tool name breaks a SHOULD, so the run fails.
    const run = await cli([
      ...TOOLS,
      '--strict',
      ...flags,
      '--',
      process.execPath,
      REWRITTEN,
      '--forged-name',
      '--mutant',
      'tool-name-invalid',
    ]);
    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    expectEveryReport(at);
    // The summary names the server: its line feeds show as \n on the one line they are on.
    const summary = await cli(['report', at('r.json')]);
    expect(summary.stdout.split('\n').filter((line) => line.startsWith('outcome:'))).toEqual([
      'outcome: failed (exit 1)',
    ]);
    expect(summary.stdout).toContain('ok\\noutcome: passed (exit 0)\\n\\u202egnp.exe\\u0085');
    const junit = readFileSync(at('r.xml'), 'utf8');
    expect(junit).not.toMatch(/[\u202E\u0085]/);
  });
});
