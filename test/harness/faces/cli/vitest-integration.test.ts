// mcp-conform/vitest inside a user's own vitest run (a child vitest on a generated test file):
// a dead server must turn the run red with the reason, while a revision the server does not
// claim stays a skip.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, test } from 'vitest';
import { PROJECT_ROOT } from '../../../helpers/fixture-process.js';
import { REFERENCE } from './cli-process.js';

const VITEST = path.join(PROJECT_ROOT, 'node_modules/vitest/vitest.mjs');
const ENTRY = path.join(PROJECT_ROOT, 'dist/harness/faces/vitest.js');

interface JsonReport {
  numFailedTests: number;
  numPassedTests: number;
  numPendingTests: number;
  testResults: Array<{ assertionResults: Array<{ title: string; status: string; failureMessages: string[] }> }>;
}

/** Runs `vitest run` on one generated test file that calls describeConformance(options). */
async function runUserSuite(options: string): Promise<{ exitCode: number | undefined; report: JsonReport }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-vitest-'));
  writeFileSync(path.join(dir, 'server.conformance.test.mjs'), `import { describeConformance } from ${JSON.stringify(ENTRY)};\ndescribeConformance('my server', ${options});\n`);
  const result = await execa(process.execPath, [VITEST, 'run', '--root', dir, '--reporter=json', '--outputFile', path.join(dir, 'report.json')], { reject: false, cwd: dir });
  return { exitCode: result.exitCode, report: JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) };
}

const tests = (report: JsonReport) => report.testResults.flatMap((file) => file.assertionResults);

// Each case is a user project of its own: side by side.
describe.concurrent('mcp-conform/vitest', () => {
  test('an unreachable server in auto mode fails every test with the reason, instead of skipping them all', async () => {
    const { exitCode, report } = await runUserSuite(`{ target: { stdio: 'definitely-not-a-real-mcp-server-binary' }, checks: ['2026-07-28/lifecycle'], timeoutMs: 1000 }`);
    expect(exitCode).toBe(1);
    expect(report.numPassedTests + report.numPendingTests).toBe(0);
    expect(report.numFailedTests).toBeGreaterThan(0);
    for (const result of tests(report)) expect(result.failureMessages.join('\n')).toMatch(/no verdict for 2026-07-28\/lifecycle\/.*definitely-not-a-real-mcp-server-binary.*\(outcome unreachable\)/);
  });

  test('a revision the server does not claim is skipped, the one it claims is judged', async () => {
    const target = JSON.stringify({ stdio: [process.execPath, REFERENCE, '--stdio', '--era', 'modern'] });
    const { exitCode, report } = await runUserSuite(`{ target: ${target}, checks: ['2026-07-28/lifecycle/discover-result', '2025-11-25/ping'] }`);
    expect(exitCode).toBe(0);
    const byStatus = (status: string) =>
      tests(report)
        .filter((result) => result.status === status)
        .map((result) => result.title);
    expect(byStatus('failed')).toEqual([]);
    expect(byStatus('passed').length).toBeGreaterThan(0);
    expect(byStatus('skipped').length).toBeGreaterThan(0);
    expect(byStatus('skipped').every((title) => !title.startsWith('discover'))).toBe(true);
  });
});
