// The connection ledger, as pure data: what the client sent and what came back on one connection,
// in, and the problems the whole traffic shows, out.
import { describe, expect, test } from 'vitest';
import { ConnectionLedger, messagesIn, type LedgerRequest } from '../../../harness/fuzz/connection-oracle.js';
import { connectionFailures } from '../../../harness/fuzz/connection-verdict.js';

const request = (id: unknown, caseNo: number, more: Partial<LedgerRequest> = {}): LedgerRequest => ({
  id,
  what: `tools/list with id ${JSON.stringify(id)}`,
  method: 'tools/list',
  needsAnswer: true,
  answered: false,
  caseNo,
  ...more,
});
const probe = (id: string, caseNo: number, answered = true): LedgerRequest => ({
  id,
  what: 'the liveness probe',
  needsAnswer: true,
  answered,
  caseNo,
});
const line = (message: object) => JSON.stringify({ jsonrpc: '2.0', ...message });

describe('a request left unanswered while a later one was answered', () => {
  test('is a problem naming both requests', () => {
    const ledger = new ConnectionLedger('2026-07-28');
    ledger.request(request('a', 1));
    ledger.request(probe('p1', 1));
    const problems = ledger.judge();
    expect(problems).toEqual([
      {
        kind: 'unanswered',
        message:
          'tools/list with id "a" got no answer on its connection, while the liveness probe, sent after it, was answered',
        caseNo: 1,
        laterCaseNo: 1,
      },
    ]);
  });

  test('silence with no later answer decides nothing', () => {
    const ledger = new ConnectionLedger('2026-07-28');
    ledger.request(request('a', 1));
    ledger.request(probe('p1', 1, false));
    expect(ledger.judge()).toEqual([]);
  });

  test('an answer sent before the request does not count as later', () => {
    const ledger = new ConnectionLedger('2026-07-28');
    ledger.request(request('earlier', 1, { answered: true }));
    ledger.request(request('a', 2));
    expect(ledger.judge()).toEqual([]);
  });

  test('a late answer, arriving during a later case, counts as the answer', () => {
    const ledger = new ConnectionLedger('2026-07-28');
    ledger.request(request('a', 1));
    ledger.request(probe('p1', 1));
    ledger.received({ jsonrpc: '2.0', id: 'a', result: {} });
    expect(ledger.judge()).toEqual([]);
  });

  test('an answer with the id as another JSON type is no answer', () => {
    const ledger = new ConnectionLedger('2026-07-28');
    ledger.request(request(7, 1));
    ledger.request(probe('p1', 1));
    ledger.received({ jsonrpc: '2.0', id: '7', result: {} });
    expect(ledger.judge().map((p) => p.kind)).toEqual(['unanswered']);
  });

  test('requests the spec lets go unanswered, tool calls still running and exempted cases are held to nothing', () => {
    const ledger = new ConnectionLedger('2026-07-28');
    ledger.request(request('optional', 1, { needsAnswer: false }));
    ledger.request(request('tool', 2, { exempt: 'a tool call may still be running' }));
    ledger.request(request('known', 3));
    ledger.request(request('crashed', 4));
    ledger.exemptCase(3, 'a known finding');
    ledger.exemptCase(4, 'the server exited during it');
    ledger.request(probe('p5', 5));
    expect(ledger.judge()).toEqual([]);
  });

  test('each request is judged once: judge forgets what it judged', () => {
    const ledger = new ConnectionLedger('2026-07-28');
    ledger.request(request('a', 1));
    ledger.request(probe('p1', 1));
    expect(ledger.judge()).toHaveLength(1);
    ledger.request(probe('p2', 2));
    expect(ledger.judge()).toEqual([]);
  });

  test('a case with an unanswered request is a suspect until exempted', () => {
    const ledger = new ConnectionLedger('2026-07-28');
    ledger.request(request('a', 1));
    expect(ledger.suspect(1)).toBe(true);
    expect(ledger.suspect(2)).toBe(false);
    ledger.exemptCase(1, 'a known finding');
    expect(ledger.suspect(1)).toBe(false);
  });
});

describe('a notification referring to something never sent', () => {
  test('progress with a token no request carried is a problem; one that was carried is not', () => {
    const ledger = new ConnectionLedger('2026-07-28');
    ledger.sending([line({ id: 1, method: 'tools/call', params: { _meta: { progressToken: 'tok' } } })], 1);
    ledger.received({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 'tok', progress: 1 },
    });
    ledger.received({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 'tokx', progress: 1 },
    });
    expect(ledger.judge()).toEqual([
      {
        kind: 'progress-token',
        message: 'notifications/progress with progressToken "tokx", which no request on this connection carried',
        caseNo: 1,
      },
    ]);
  });

  test('a token echoed with another JSON type was never sent', () => {
    const ledger = new ConnectionLedger('2025-11-25');
    ledger.sending([line({ id: 1, method: 'tools/call', params: { _meta: { progressToken: 42 } } })], 1);
    ledger.received({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: '42', progress: 1 } });
    expect(ledger.judge().map((p) => p.kind)).toEqual(['progress-token']);
  });

  test('tokens are read from every line and batch item the client wrote; lines that do not parse are skipped', () => {
    const text = [
      '{"broken',
      line({ id: 1, method: 'a', params: { _meta: { progressToken: 'one' } } }),
      JSON.stringify([{ jsonrpc: '2.0', id: 2, method: 'b', params: { _meta: { progressToken: 'two' } } }]),
    ].join('\n');
    expect(messagesIn(text).map((m) => m.id)).toEqual([1, 2]);
    const ledger = new ConnectionLedger('2026-07-28');
    ledger.sending([text]);
    for (const token of ['one', 'two'])
      ledger.received({
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: token, progress: 1 },
      });
    expect(ledger.judge()).toEqual([]);
  });

  test('2025-11-25: a cancellation names a request the server sent, never one of the client', () => {
    const ledger = new ConnectionLedger('2025-11-25');
    ledger.sending([line({ id: 'c1', method: 'tools/call', params: {} })], 1);
    ledger.received({ jsonrpc: '2.0', id: 's1', method: 'sampling/createMessage', params: {} });
    ledger.received({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 's1' } });
    ledger.received({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'c1' } });
    expect(ledger.judge().map((p) => p.message)).toEqual([
      'notifications/cancelled with requestId "c1", which names no request the server sent on this connection',
    ]);
  });

  test('2026-07-28: a cancellation names a subscriptions/listen of the client', () => {
    const ledger = new ConnectionLedger('2026-07-28');
    ledger.sending([
      line({ id: 'l1', method: 'subscriptions/listen', params: {} }),
      line({ id: 'c1', method: 'tools/call' }),
    ]);
    ledger.received({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'l1' } });
    ledger.received({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'c1' } });
    expect(ledger.judge().map((p) => p.kind)).toEqual(['cancelled-request']);
  });

  test('a notification seen during an exempted case is held to nothing', () => {
    const ledger = new ConnectionLedger('2026-07-28');
    ledger.sending([], 3);
    ledger.received({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'x', progress: 1 } });
    ledger.exemptCase(3, 'a known finding');
    expect(ledger.judge()).toEqual([]);
  });
});

describe('connection failures', () => {
  test('one per kind, the first named and the rest counted, MUST in both revisions', () => {
    const problems = [
      { kind: 'unanswered' as const, message: 'first', caseNo: 1 },
      { kind: 'progress-token' as const, message: 'token', caseNo: 2 },
      { kind: 'unanswered' as const, message: 'second', caseNo: 3 },
    ];
    for (const revision of ['2026-07-28', '2025-11-25'] as const) {
      const failures = connectionFailures(problems, revision);
      expect(failures.map((f) => [f.invariant, f.level, f.message])).toEqual([
        ['answered', 'MUST', 'whole connection: first (and 1 more like it in this property)'],
        ['progress-token', 'MUST', 'whole connection: token'],
      ]);
      expect(failures[1].spec).toContain(`${revision}/basic/`);
      expect(failures[1].spec).toContain('progress');
    }
  });
});
