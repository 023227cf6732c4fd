// Text that is not JSON, over HTTP: JSON-RPC 2.0 answers it with -32700, the transport lets input
// the server cannot accept get an HTTP error status whose body MAY hold the error. A 4xx alone is
// warned (the spec allows both readings); a 5xx, or no answer, still fails (issue 30, point 3).
import { describe, expect, test } from 'vitest';
import { CheckFailure } from '../../harness/checks/outcome.js';
import type { Exchange, HttpOutcome } from '../../harness/transports/types.js';
import { judgeParseError } from '../../suites/shared/rpc-errors.js';

const http = (status: number, bodyKind: HttpOutcome['bodyKind'] = 'empty'): HttpOutcome => ({
  status,
  headers: {},
  contentType: '',
  bodyKind,
});
const exchange = (outcome: HttpOutcome | undefined, response?: Exchange['response']): Exchange => ({
  connection: 'c',
  http: outcome,
  response,
  notifications: [],
  messages: response ? [response] : [],
  timedOut: outcome === undefined,
  durationMs: 1,
});

function judged(given: Exchange): { warned: string[]; failed?: string } {
  const warned: string[] = [];
  try {
    judgeParseError({ warn: (reason: string) => void warned.push(reason) } as never, given);
  } catch (error) {
    if (!(error instanceof CheckFailure)) throw error;
    return { warned, failed: error.reason };
  }
  return { warned };
}

describe('a parse error over HTTP', () => {
  test('HTTP 400 with no JSON-RPC body is warned, not failed', () => {
    const outcome = judged(exchange(http(400)));
    expect(outcome.failed).toBeUndefined();
    expect(outcome.warned).toHaveLength(1);
    expect(outcome.warned[0]).toMatch(/HTTP 400 with no JSON-RPC error/);
  });

  test('HTTP 500 with no body, or no answer at all, still fails', () => {
    expect(judged(exchange(http(500))).failed).toBeDefined();
    expect(judged(exchange(undefined)).failed).toBeDefined();
  });

  test('HTTP 400 carrying -32700 without an id passes with nothing to warn', () => {
    const answer = { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } };
    expect(judged(exchange(http(400, 'json'), answer))).toEqual({ warned: [] });
  });
});
