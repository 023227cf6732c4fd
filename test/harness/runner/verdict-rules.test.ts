// How the way a check ended becomes its verdict, one rule at a time and in order.
import { describe, expect, test } from 'vitest';
import type { Check } from '../../../harness/checks/check.js';
import { CheckFailure, CheckInconclusive, CheckSkip, CheckWarning } from '../../../harness/checks/outcome.js';
import type { ServerProfile } from '../../../harness/lifecycles/profile.js';
import type { WireEntry } from '../../../harness/recorder/wire-log.js';
import {
  CHOSEN_SILENCE,
  CheckTimeout,
  notApplicable,
  type Outcome,
  settleVerdict,
  type VerdictFacts,
  verdictFor,
} from '../../../harness/runner/verdict-rules.js';

function check(overrides: Partial<Check> = {}): Check {
  return {
    id: '2026-07-28/tools/list-result',
    revision: '2026-07-28',
    area: 'tools',
    slug: 'list-result',
    title: 't',
    requirement: 'r',
    level: 'MUST',
    spec: 'server/tools#listing-tools',
    specUrl: 'https://example.invalid/spec',
    transports: ['stdio', 'http'],
    run: async () => undefined,
    ...overrides,
  };
}

function profile(overrides: Partial<ServerProfile> = {}): ServerProfile {
  return {
    revision: '2026-07-28',
    capabilities: { tools: {} },
    tools: [],
    resources: [],
    resourceTemplates: [],
    prompts: [],
    problems: [],
    ...overrides,
  };
}

const timedOut: WireEntry = {
  seq: 3,
  t: 10,
  at: '2026-12-05T15:00:00.000Z',
  connection: 'stdio#1',
  direction: 'harness',
  kind: 'note',
  timeout: true,
  waitedMs: 3000,
  requestId: 2,
  note: 'no response to id 2 within 3000 ms',
};

function facts(overrides: Partial<VerdictFacts> = {}): VerdictFacts {
  return { own: [], profile: profile(), interrupted: false, ...overrides };
}

describe('1. applicability', () => {
  test('a check for another transport skips, naming the transports it applies to', () => {
    expect(notApplicable(check({ transports: ['http'] }), 'stdio', profile())).toBe(
      'applies to http only; this target is stdio',
    );
    expect(
      notApplicable(
        check({ transports: ['http'], elsewhere: 'credentials come from the environment' }),
        'stdio',
        profile(),
      ),
    ).toBe('applies to http only; this target is stdio: credentials come from the environment');
  });

  test('a check needing a feature the server does not offer skips with what is missing', () => {
    expect(notApplicable(check({ requires: ['prompts'] }), 'stdio', profile())).toContain('prompts');
    expect(notApplicable(check({ requires: ['tools'] }), 'stdio', profile())).toBeUndefined();
  });

  test('a revision the server does not serve skips with why', () => {
    expect(notApplicable(check(), 'stdio', profile({ notServed: 'revision not served' }))).toBe('revision not served');
  });
});

describe('2. outcome', () => {
  test('a return passes; a skip and a warning keep their reasons', () => {
    expect(verdictFor(check(), undefined, false)).toEqual({ verdict: 'pass' });
    expect(verdictFor(check(), new CheckSkip('no prompts'), false)).toEqual({ verdict: 'skip', reason: 'no prompts' });
    expect(verdictFor(check({ level: 'MUST' }), new CheckWarning('contradiction'), false).verdict).toBe('warn');
  });

  test('a failure fails at MUST, warns at SHOULD and MAY, and fails at SHOULD under --strict', () => {
    const failure = new CheckFailure('wrong code');
    expect(verdictFor(check({ level: 'MUST' }), failure, false).verdict).toBe('fail');
    expect(verdictFor(check({ level: 'SHOULD' }), failure, false).verdict).toBe('warn');
    expect(verdictFor(check({ level: 'MAY' }), failure, false).verdict).toBe('warn');
    expect(verdictFor(check({ level: 'SHOULD' }), failure, true).verdict).toBe('fail');
    expect(verdictFor(check({ level: 'MAY' }), failure, true).verdict).toBe('warn');
  });

  test('inconclusive, the backstop and a harness error are no verdict', () => {
    expect(verdictFor(check(), new CheckInconclusive('silent'), false)).toMatchObject({
      verdict: 'error',
      reason: 'inconclusive: silent',
    });
    expect(verdictFor(check(), new CheckTimeout('check did not finish within 9 ms'), false)).toMatchObject({
      verdict: 'error',
      reason: 'check did not finish within 9 ms',
    });
    expect(verdictFor(check(), new TypeError('boom'), false)).toMatchObject({
      verdict: 'error',
      reason: 'harness error: boom',
    });
  });
});

describe('3. time only', () => {
  const failed: Outcome = { verdict: 'fail', reason: 'no error answer' };

  test('a fail or warn with a request of the check left unanswered is inconclusive, saying what it would have said', () => {
    const settled = settleVerdict(check(), failed, facts({ own: [timedOut] }));
    expect(settled.verdict).toBe('error');
    expect(settled.reason).toBe(
      'inconclusive: no response to id 2 within 3000 ms (the check would have said: no error answer)',
    );
    expect(settleVerdict(check(), { verdict: 'warn' }, facts({ own: [timedOut] })).verdict).toBe('error');
    expect(
      settleVerdict(check(), failed, facts({ own: [{ ...timedOut, timeout: undefined, overCap: true }] })).verdict,
    ).toBe('error');
  });

  test('a fail with every request answered stands, and so does a check whose requirement is a deadline', () => {
    expect(settleVerdict(check(), failed, facts()).verdict).toBe('fail');
    expect(settleVerdict(check({ timing: true }), failed, facts({ own: [timedOut] })).verdict).toBe('fail');
  });

  test('a wait the server is proven to have read (a barrier after it answered) leaves the fail standing: its silence is a choice', () => {
    const proof: WireEntry = {
      ...timedOut,
      seq: 5,
      timeout: undefined,
      waitedMs: undefined,
      provesRead: timedOut.seq,
      note: 'ping answered after it',
    };
    const settled = settleVerdict(check(), failed, facts({ own: [timedOut, proof] }));
    expect(settled.verdict).toBe('fail');
    // The reason says the silence was read and chosen, so no reader takes it for a verdict of time.
    expect(settled.reason).toBe(`${failed.reason}${CHOSEN_SILENCE}`);
    expect(settleVerdict(check(), failed, facts()).reason).toBe(failed.reason);
    // A proof of another wait proves nothing of this one.
    expect(settleVerdict(check(), failed, facts({ own: [timedOut, { ...proof, provesRead: 99 }] })).verdict).toBe(
      'error',
    );
  });

  test('a pass is never turned by a timeout', () => {
    expect(settleVerdict(check(), { verdict: 'pass' }, facts({ own: [timedOut] })).verdict).toBe('pass');
  });
});

describe('4. unknown list', () => {
  const skipped: Outcome = { verdict: 'skip', reason: 'server lists no tools' };

  test('a skip for want of items of a list discovery never heard answered is inconclusive', () => {
    const settled = settleVerdict(
      check({ requires: ['tools'] }),
      skipped,
      facts({ profile: profile({ unansweredLists: ['tools/list'] }) }),
    );
    expect(settled.verdict).toBe('error');
    expect(settled.reason).toContain('inconclusive: tools/list got no answer in discovery');
  });

  test('a skip that needs another list, or no list, stands', () => {
    const unanswered = facts({ profile: profile({ unansweredLists: ['prompts/list'] }) });
    expect(settleVerdict(check({ requires: ['tools'] }), skipped, unanswered).verdict).toBe('skip');
    expect(settleVerdict(check({ requires: ['logging'] }), skipped, unanswered).verdict).toBe('skip');
  });
});

describe('5. interrupted', () => {
  test('a check cut short by Ctrl-C has no verdict of its own; a skip stands', () => {
    expect(settleVerdict(check(), { verdict: 'fail' }, facts({ interrupted: true }))).toEqual({
      verdict: 'error',
      reason: 'interrupted before the check finished',
    });
    expect(settleVerdict(check(), { verdict: 'pass' }, facts({ interrupted: true })).verdict).toBe('error');
    expect(settleVerdict(check(), { verdict: 'skip', reason: 'x' }, facts({ interrupted: true })).verdict).toBe('skip');
  });

  test('the interrupt is the last word: it overrides what the earlier rules made', () => {
    const settled = settleVerdict(check(), { verdict: 'fail' }, facts({ own: [timedOut], interrupted: true }));
    expect(settled.reason).toBe('interrupted before the check finished');
  });
});
