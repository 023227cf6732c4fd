// How a first run and its confirming run make one verdict.
import { describe, expect, test } from 'vitest';
import { attemptOf, needsConfirmation, settleAttempts } from '../../../harness/runner/confirm.js';
import type { CheckResult } from '../../../harness/results/results.js';
import type { Verdict } from '../../../harness/model.js';

function result(verdict: Verdict, reason?: string): CheckResult {
  return {
    id: '2026-07-28/tools/list-result',
    revision: '2026-07-28',
    area: 'tools',
    title: 't',
    requirement: 'r',
    level: 'MUST',
    spec: 'https://example.invalid/spec',
    transport: 'stdio',
    verdict,
    reason,
    durationMs: 10,
    transcript: [],
  };
}

function settle(first: CheckResult, second: CheckResult): CheckResult {
  return settleAttempts(first, second, [attemptOf(first, 5000, 7), attemptOf(second, 10000, 0)]);
}

describe('confirmation', () => {
  test('only non-passes that finished are confirmed', () => {
    expect(needsConfirmation(result('pass'))).toBe(false);
    expect(needsConfirmation(result('skip'))).toBe(false);
    expect(needsConfirmation(result('fail'))).toBe(true);
    expect(needsConfirmation(result('warn'))).toBe(true);
    expect(needsConfirmation(result('error', 'inconclusive: no response'))).toBe(true);
    expect(needsConfirmation(result('error', 'interrupted before the check finished'))).toBe(false);
  });

  test('two runs that agree keep the verdict and record both attempts', () => {
    const settled = settle(result('fail', 'wrong code'), result('fail', 'wrong code'));
    expect(settled.verdict).toBe('fail');
    expect(settled.attempts?.map((a) => [a.verdict, a.timeoutMs, a.concurrent])).toEqual([
      ['fail', 5000, 7],
      ['fail', 10000, 0],
    ]);
  });

  test('two conclusive runs that disagree are unstable, with both outcomes in the reason', () => {
    const settled = settle(result('fail', 'wrong code'), result('pass'));
    expect(settled.verdict).toBe('unstable');
    expect(settled.reason).toContain('fail (wrong code)');
    expect(settled.reason).toContain('pass');
    expect(settle(result('warn', 'x'), result('fail', 'y')).verdict).toBe('unstable');
  });

  test('an inconclusive first run is replaced by a conclusive confirming run, never outvoting it', () => {
    const late = settle(result('error', 'inconclusive: no response to id 3 within 5000 ms'), result('pass'));
    expect(late.verdict).toBe('pass');
    expect(late.notes?.join(' ')).toContain('first run was inconclusive');
    expect(settle(result('error', 'inconclusive'), result('fail', 'bad')).verdict).toBe('fail');
  });

  test('an inconclusive confirming run leaves the first verdict standing, and says so', () => {
    const settled = settle(result('fail', 'bad'), result('error', 'inconclusive: no answer'));
    expect(settled.verdict).toBe('fail');
    expect(settled.notes?.join(' ')).toContain('confirming run was inconclusive');
  });

  test('two inconclusive runs stay an error, never a pass or a fail', () => {
    expect(settle(result('error', 'a'), result('error', 'b')).verdict).toBe('error');
  });
});
