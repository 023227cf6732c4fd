// One reading of a message that must not be answered: on HTTP 202 with no body is accepted, a 4xx
// whose body is at most a JSON-RPC error without an id is the refusal the transport allows (never
// a reply), and a response with an id (0 is one) or a result is an answer; over stdio any response
// before the barrier is one. The checks that send such messages judge by it.
import { describe, expect, test } from 'vitest';
import type { CheckContext } from '../../harness/checks/check.js';
import type { Client } from '../../harness/lifecycles/client.js';
import type { JsonObject } from '../../harness/model.js';
import type { WireEntry } from '../../harness/recorder/wire-log.js';
import type { Exchange, HttpOutcome } from '../../harness/transports/types.js';
import lifecycle from '../../suites/2025-11-25/lifecycle.js';
import utilities from '../../suites/2025-11-25/utilities.js';
import cancellation from '../../suites/2026-07-28/cancellation.js';
import http from '../../suites/2026-07-28/http.js';
import { readNoAnswer } from '../../suites/shared/unanswered.js';
import { endingOf } from './check-verdict.js';
import recorded from './recorded/sdk-v1-http-cancel-refused.json' with { type: 'json' };

const sdkRefusal = recorded.cancels[0].response as JsonObject;

function posted(status: number, bodyKind: HttpOutcome['bodyKind'], messages: JsonObject[] = []): Exchange {
  return {
    connection: 'http#1',
    notifications: [],
    messages,
    response: messages[0],
    timedOut: false,
    durationMs: 1,
    http: { status, headers: {}, contentType: '', bodyKind },
  };
}

const error = (extra: JsonObject = {}): JsonObject => ({
  jsonrpc: '2.0',
  error: { code: -32600, message: 'no' },
  ...extra,
});

describe('readNoAnswer on HTTP', () => {
  test('202 with no body: accepted, unanswered', () => {
    expect(readNoAnswer(posted(202, 'empty')).reading).toBe('unanswered');
  });

  test('202 with a body is not what the text allows: a JSON-RPC error in it is an answer, other bytes neither way', () => {
    expect(readNoAnswer(posted(202, 'json', [error()])).reading).toBe('answered');
    expect(readNoAnswer(posted(202, 'text')).reading).toBe('other');
  });

  test('400 with a JSON-RPC error without an id (absent, or null as the SDK 1.x server sends it) is a refusal, not a reply', () => {
    expect(readNoAnswer(posted(400, 'json', [error()])).reading).toBe('refused');
    expect(readNoAnswer(posted(400, 'json', [sdkRefusal])).reading).toBe('refused');
  });

  test('400 with no body is a refusal', () => {
    expect(readNoAnswer(posted(400, 'empty')).reading).toBe('refused');
  });

  test('200 with a JSON-RPC body, or an SSE stream carrying a response, is an answer', () => {
    expect(readNoAnswer(posted(200, 'json', [{ jsonrpc: '2.0', result: {} }])).reading).toBe('answered');
    expect(
      readNoAnswer(posted(200, 'sse', [{ jsonrpc: '2.0', method: 'notifications/message' }, error()])).reading,
    ).toBe('answered');
    expect(readNoAnswer(posted(200, 'empty')).reading).toBe('other');
  });

  test('an id of 0 is an id: a 4xx error carrying it replies to a message that had none', () => {
    const read = readNoAnswer(posted(400, 'json', [error({ id: 0 })]));
    expect([read.reading, read.said]).toEqual(['answered', 'HTTP 400 with a JSON-RPC response with id 0']);
  });

  test('a 4xx carrying a result is an answer, a 5xx is no refusal the text allows', () => {
    expect(readNoAnswer(posted(400, 'json', [{ jsonrpc: '2.0', result: {} }])).reading).toBe('answered');
    expect(readNoAnswer(posted(500, 'empty')).reading).toBe('other');
  });
});

describe('readNoAnswer over stdio', () => {
  test('any response before the barrier is an answer, none is none', () => {
    const silent: Exchange = { connection: 'stdio#1', notifications: [], messages: [], timedOut: false, durationMs: 1 };
    expect(readNoAnswer(silent).reading).toBe('unanswered');
    expect(readNoAnswer({ ...silent, response: error({ id: null }), messages: [error({ id: null })] }).reading).toBe(
      'answered',
    );
  });
});

/** An HTTP client whose notification POSTs all get `answer` (recorded in its wire log as a real one is), and whose requests get a result. */
function httpContext(revision: string, answer: Exchange): Partial<CheckContext<Client>> {
  const listeners = new Set<(entry: WireEntry) => void>();
  const wire = {
    entries: [],
    subscribe: (listener: (entry: WireEntry) => void) => (listeners.add(listener), () => listeners.delete(listener)),
  };
  const post = async () => {
    for (const message of answer.messages)
      for (const listener of listeners)
        listener({ connection: 'http#1', direction: 'server->client', kind: 'message', message } as WireEntry);
    return answer;
  };
  const result = (method: string): Exchange => ({
    ...posted(200, 'json', [{ jsonrpc: '2.0', id: 1, result: {} }]),
    method,
  });
  const client = {
    revision,
    transport: 'http',
    state: {},
    connection: { name: 'http#1' },
    initialize: async () => result('initialize'),
    request: async (method: string) => result(method),
    buildMessage: (method: string, params: JsonObject | undefined) => ({
      jsonrpc: '2.0',
      id: undefined,
      method,
      ...(params ? { params } : {}),
    }),
    sendMessage: post,
    sendRaw: post,
    notify: post,
  } as unknown as Client;
  return { client, transport: 'http', wire } as unknown as Partial<CheckContext<Client>>;
}

describe('the checks that send a notification read the refusal as the requirement says', () => {
  const refusal = posted(400, 'json', [sdkRefusal]);
  const checks = [
    ['2025-11-25', 'notifications-not-answered', lifecycle],
    ['2025-11-25', 'cancel-invalid-ignored', utilities],
    ['2026-07-28', 'unknown-cancel-ignored', cancellation],
    ['2026-07-28', 'notification-accepted', http],
  ] as const;

  test.each(checks)(
    '%s %s: the SDK 1.x refusal (400, JSON-RPC error with "id": null) passes; 200 with a body, or a 4xx error with id 0, fails',
    async (revision, slug, area) => {
      const check = area.find((c) => c.slug === slug)!;
      const ending = (answer: Exchange) => endingOf(check, httpContext(revision, answer));
      expect((await ending(refusal)).verdict).toBe('pass');
      expect((await ending(posted(202, 'empty'))).verdict).toBe('pass');
      expect((await ending(posted(200, 'json', [error()]))).verdict).toBe('fail');
      expect((await ending(posted(400, 'json', [error({ id: 0 })]))).verdict).toBe('fail');
    },
  );
});
