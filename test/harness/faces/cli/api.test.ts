// The library API as a user imports it: `import { runConformance } from 'mcp-conform'` (the
// package's own entry, resolved through package.json "exports").
import {
  ConformanceOptionsError,
  listChecks,
  REVISIONS,
  runConformance,
  type ConformanceTarget,
  type RunResults,
} from 'mcp-conform';
import { describe, expect, test } from 'vitest';
import { referenceArgv } from './cli-process.js';

describe('runConformance from the package entry', () => {
  test('runs the selected checks against the reference server and resolves with the results JSON', async () => {
    const results: RunResults = await runConformance({
      target: { stdio: referenceArgv() },
      revisions: ['2026-07-28'],
      checks: ['2026-07-28/lifecycle'],
    });
    expect(results).toMatchObject({ schemaVersion: 1, outcome: 'passed', exitCode: 0, target: { transport: 'stdio' } });
    const expected = listChecks().filter((check) => check.id.startsWith('2026-07-28/lifecycle/'));
    expect(results.checks.map((check) => check.id).sort()).toEqual(expected.map((check) => check.id).sort());
    expect(results.checks.every((check) => check.verdict === 'pass' && check.transcript.length > 0)).toBe(true);
    expect(REVISIONS).toContain('2026-07-28');
  });

  test('a stdio server gets the allow-list and target.env; the results name them, never their values', async () => {
    const results = await runConformance({
      target: { stdio: referenceArgv(), env: { SERVER_MODE: 'api-test-value' } },
      revisions: ['2026-07-28'],
      checks: ['2026-07-28/lifecycle'],
    });
    expect(results.target.environment).toEqual(expect.arrayContaining(['PATH', 'SERVER_MODE']));
    expect(JSON.stringify(results)).not.toContain('api-test-value');
  });

  test('a failing server resolves with outcome failed, not a rejection', async () => {
    const results = await runConformance({
      target: { stdio: referenceArgv('ping-missing') },
      revisions: ['2025-11-25'],
      checks: ['2025-11-25/ping'],
    });
    expect(results.outcome).toBe('failed');
    expect(results.checks.find((check) => check.id === '2025-11-25/ping/empty-result')?.verdict).toBe('fail');
  });

  test('an unreachable server resolves with outcome unreachable and the reason', async () => {
    const results = await runConformance({
      target: { stdio: 'definitely-not-a-real-mcp-server-binary' },
      timeoutMs: 1000,
    });
    expect(results).toMatchObject({ outcome: 'unreachable', exitCode: 2 });
    expect(results.error).toMatch(/definitely-not-a-real-mcp-server-binary|ENOENT/);
  });

  test.each<[ConformanceTarget, RegExp]>([
    [{ url: 'not a url' }, /target\.url is not a valid URL: "not a url"/],
    [{ url: 'ftp://127.0.0.1/mcp' }, /target\.url must be http:\/\/ or https:\/\/, not ftp:/],
    [{ stdio: '' }, /target\.stdio: empty command line/],
    [{ stdio: [] }, /target\.stdio is empty/],
    [{ stdio: 'node "server.js' }, /target\.stdio: unterminated " quote/],
  ])('unusable options never throw synchronously; the promise rejects: %j', async (target, message) => {
    let promise: Promise<RunResults> | undefined;
    expect(() => (promise = runConformance({ target }))).not.toThrow();
    await expect(promise).rejects.toThrow(ConformanceOptionsError);
    await expect(promise).rejects.toThrow(message);
  });

  test('a concurrency or timeout that is not a positive integer rejects', async () => {
    await expect(runConformance({ target: { stdio: referenceArgv() }, concurrency: 0 })).rejects.toThrow(
      'concurrency must be a positive integer, got 0',
    );
    await expect(runConformance({ target: { stdio: referenceArgv() }, timeoutMs: 1.5 })).rejects.toThrow(
      'timeoutMs must be a positive integer, got 1.5',
    );
  });

  test('an unknown revision rejects instead of running nothing', async () => {
    const typo = runConformance({ target: { stdio: referenceArgv() }, revisions: ['2026-07-29' as never] });
    await expect(typo).rejects.toThrow(ConformanceOptionsError);
    await expect(typo).rejects.toThrow('unknown revision "2026-07-29"; known: 2026-07-28, 2025-11-25');
    await expect(runConformance({ target: { stdio: referenceArgv() }, revisions: [] })).rejects.toThrow(
      /non-empty list/,
    );
  });

  test('a checks pattern that matches no check rejects, naming the closest ids', async () => {
    await expect(
      runConformance({ target: { stdio: referenceArgv() }, checks: ['2026-07-28/lifecyle'] }),
    ).rejects.toThrow(/checks pattern "2026-07-28\/lifecyle" matches no check; closest: 2026-07-28\/lifecycle/);
  });
});
