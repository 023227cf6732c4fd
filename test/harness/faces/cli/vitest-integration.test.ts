// mcp-conform/vitest inside a user's own vitest run (a child vitest on a generated test file):
// a dead server must turn the run red with the reason, while a revision the server does not
// claim stays a skip; the run's outcome is a test of its own, red unless the run passed.
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
  writeFileSync(
    path.join(dir, 'server.conformance.test.mjs'),
    `import { describeConformance } from ${JSON.stringify(ENTRY)};\ndescribeConformance('my server', ${options});\n`,
  );
  const result = await execa(
    process.execPath,
    [VITEST, 'run', '--root', dir, '--reporter=json', '--outputFile', path.join(dir, 'report.json')],
    { reject: false, cwd: dir },
  );
  return { exitCode: result.exitCode, report: JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) };
}

const tests = (report: JsonReport) => report.testResults.flatMap((file) => file.assertionResults);

// Each case is a user project of its own: side by side.
describe.concurrent('mcp-conform/vitest', () => {
  test('an unreachable server in auto mode fails every test with the reason, instead of skipping them all', async () => {
    const { exitCode, report } = await runUserSuite(
      `{ target: { stdio: 'definitely-not-a-real-mcp-server-binary' }, checks: ['2026-07-28/lifecycle'], timeoutMs: 1000 }`,
    );
    expect(exitCode).toBe(1);
    expect(report.numPassedTests + report.numPendingTests).toBe(0);
    expect(report.numFailedTests).toBeGreaterThan(0);
    const [outcome, ...checks] = [...tests(report)].sort((a) => (a.title === 'outcome of the run' ? -1 : 1));
    expect(outcome.failureMessages.join('\n')).toMatch(
      /outcome unreachable \(exit 2\); .*definitely-not-a-real-mcp-server-binary/,
    );
    for (const result of checks)
      expect(result.failureMessages.join('\n')).toMatch(
        /no verdict for 2026-07-28\/lifecycle\/.*definitely-not-a-real-mcp-server-binary.*\(outcome unreachable\)/,
      );
  });

  test('a revision the server does not claim is skipped, the one it claims is judged', async () => {
    const target = JSON.stringify({ stdio: [process.execPath, REFERENCE, '--stdio', '--era', 'modern'] });
    const { exitCode, report } = await runUserSuite(
      `{ target: ${target}, checks: ['2026-07-28/lifecycle/discover-result', '2025-11-25/ping'] }`,
    );
    expect(exitCode).toBe(0);
    const byStatus = (status: string) =>
      tests(report)
        .filter((result) => result.status === status)
        .map((result) => result.title);
    expect(byStatus('failed')).toEqual([]);
    expect(byStatus('passed').length).toBeGreaterThan(0);
    expect(byStatus('skipped').length).toBeGreaterThan(0);
    expect(byStatus('skipped').every((title) => !title.startsWith('discover'))).toBe(true);
    expect(byStatus('passed')).toContain('outcome of the run');
  });

  test('nothing but skips is never green: the outcome test fails as not applicable', async () => {
    const target = JSON.stringify({ stdio: [process.execPath, REFERENCE, '--stdio'] });
    const { exitCode, report } = await runUserSuite(
      `{ target: ${target}, revisions: ['2026-07-28'], checks: ['2026-07-28/http'] }`,
    );
    expect(exitCode).toBe(1);
    const failed = tests(report).filter((result) => result.status === 'failed');
    expect(failed.map((result) => result.title)).toEqual(['outcome of the run']);
    expect(failed[0].failureMessages.join('\n')).toContain(
      'outcome no-verdicts (exit 5): not applicable: no check came to a verdict other than skip',
    );
    expect(tests(report).filter((result) => result.status === 'skipped').length).toBeGreaterThan(0);
  });

  test('a check with no verdict fails as inconclusive, and so does the outcome', async () => {
    const target = JSON.stringify({ stdio: [process.execPath, REFERENCE, '--stdio', '--mutant', 'empty-uri-silent'] });
    const { exitCode, report } = await runUserSuite(
      `{ target: ${target}, revisions: ['2026-07-28'], checks: ['2026-07-28/resources/uri-validation'], timeoutMs: 1000 }`,
    );
    expect(exitCode).toBe(1);
    const message = (title: string) =>
      tests(report)
        .find((result) => result.title.startsWith(title))
        ?.failureMessages.join('\n');
    expect(message('uri-validation')).toMatch(/^Error: inconclusive \(no verdict\): MUST /);
    expect(message('outcome of the run')).toContain('outcome inconclusive (exit 4): no check failed');
  });
});
