// A server whose handshake works but one of whose discovery lists never answers: both revisions
// carry on with the problem noted, neither is declared unreachable nor dropped, and the checks
// that would skip for want of the list's items are inconclusive.
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { builtFixture } from '../helpers/fixture-process.js';
import { SHORT_WAITS, expectEveryReport, expectNothingLeft, runHostile } from '../helpers/hostile-run.js';

const HOSTILE_STDIO = builtFixture('fixtures/hostile/stdio-server.ts');
const SELECTED = ['--check', '*/lifecycle/*', '--check', '*/prompts/get-*', '--check', '*/prompts/missing-*'];
/** Each revision's discovery waits 0.5 + 1 + 2 s on the list; about 15 s in all, up to 50 s beside busy loops on a loaded machine: 90 s catches a hang. */
const BOUND_SECONDS = 90;

interface Results {
  revisions: Array<{ revision: string; error?: string; profile?: { problems?: string[] } }>;
  checks: Array<{ id: string; verdict: string; reason?: string }>;
}

function expectCarriedOn(json: Results, revision: string): void {
  const run = json.revisions.find((r) => r.revision === revision);
  expect(run, revision).toBeDefined();
  expect(run?.error, revision).toBeUndefined();
  expect(run?.profile?.problems).toContain('prompts/list failed: no response before the timeout');
  const own = json.checks.filter((check) => check.id.startsWith(`${revision}/`));
  // The revision's other checks ran and the server passed them, or (a 500 ms wait on a loaded machine) they are inconclusive; some skip: never failed.
  const lifecycle = own.filter((check) => check.id.includes('/lifecycle/'));
  expect(lifecycle.filter((check) => check.verdict !== 'skip').length, revision).toBeGreaterThan(0);
  for (const check of lifecycle)
    expect(
      check.verdict === 'pass' ||
        check.verdict === 'skip' ||
        (check.verdict === 'error' && /^inconclusive:/.test(check.reason ?? '')),
      `${check.id}: ${check.verdict} ${check.reason ?? ''}`,
    ).toBe(true);
  const prompts = own.filter((check) => check.id.includes('/prompts/'));
  expect(prompts.length, revision).toBeGreaterThan(0);
  for (const check of prompts) {
    expect(check.verdict, check.id).toBe('error');
    expect(check.reason, check.id).toMatch(/^inconclusive: prompts\/list got no answer in discovery/);
  }
}

describe('a discovery list that never answers', () => {
  test.concurrent.each([['2025-11-25'], ['auto']])(
    '--revision %s: the revision runs with the problem noted, its prompt checks inconclusive',
    async (revision) => {
      const token = randomUUID();
      const run = await runHostile([
        ...SHORT_WAITS,
        '--revision',
        revision,
        ...SELECTED,
        '--',
        process.execPath,
        HOSTILE_STDIO,
        '--never-answer',
        'prompts/list',
        token,
      ]);
      expect(run.exitCode, run.stderr).toBe(4); // inconclusive checks (4), never "unreachable" (2) nor a failure (1)
      expect(run.seconds).toBeLessThan(BOUND_SECONDS);
      const { json } = expectEveryReport(run);
      const results = json as unknown as Results;
      for (const each of revision === 'auto' ? ['2026-07-28', '2025-11-25'] : [revision])
        expectCarriedOn(results, each);
      await expectNothingLeft(token);
    },
  );
});
