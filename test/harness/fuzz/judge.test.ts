// The judge on hand-made runs: each invariant fails exactly what the spec rules out, and every
// answer the spec allows passes.
import { describe, expect, test } from 'vitest';
import type { Slot, Step } from '../../../harness/fuzz/case.js';
import type { CaseRun, Received } from '../../../harness/fuzz/execute.js';
import { judgeCase } from '../../../harness/fuzz/judge.js';
import { SALT, withSalt } from '../../../harness/fuzz/salt.js';
import type { JsonObject } from '../../../harness/model.js';
import { createWireValidator } from '../../../harness/schema/index.js';

const validator = createWireValidator('2026-07-28');
const ctx = { revision: '2026-07-28' as const, validator, spec: 'https://example.test/spec', level: 'MUST' as const };
const result = (id: unknown): JsonObject => ({
  jsonrpc: '2.0',
  id: id as string,
  result: { resultType: 'complete', tools: [], ttlMs: 0, cacheScope: 'private' },
});
const error = (code: number, id?: unknown): JsonObject => ({
  jsonrpc: '2.0',
  ...(id === undefined ? {} : { id: id as string }),
  error: { code, message: 'nope' },
});
const PROBE = 'probe-1';

function runOf(slots: Slot[], received: JsonObject[], extra: Partial<CaseRun> = {}): CaseRun {
  const step: Step = { label: 'step', text: 'x\n', slots };
  const messages: Received[] = received.map((message) => ({ message, group: 0 }));
  return {
    fuzzCase: { steps: [step] },
    transport: 'stdio',
    groups: [[0]],
    received: [...messages, { message: result(PROBE), group: 1 }],
    posts: [],
    pollution: [],
    probe: { id: PROBE, method: 'tools/list', answered: true, description: 'answered' },
    declared: {},
    entries: [],
    durationMs: 1,
    ...extra,
  };
}

const request = (id: unknown, allow: Slot['allow'] = [{ answer: 'result' }, { answer: 'error' }]): Slot => ({
  what: `request ${JSON.stringify(id)}`,
  id: id as string,
  method: 'tools/list',
  allow,
});
const messages = (run: CaseRun) => judgeCase(run, ctx).failures.map((f) => `${f.invariant}: ${f.message}`);

describe('judgeCase', () => {
  test('a message names the ids sent and answered, the per-connection counter in them shown the same on any connection', () => {
    const template = { steps: [{ label: 'step', text: 'x\n', slots: [request(`x-${SALT}`, [{ answer: 'result' }])] }] };
    const shownOn = (salt: string) => {
      const fuzzCase = withSalt(template, salt);
      return messages({ ...runOf([], [error(-32601, `x-${salt}`)]), fuzzCase });
    };
    expect(shownOn('0000000a')).toEqual([
      'property: request "x-<n>": got error -32601 "nope" with id "x-<n>" (string), but the spec allows a result',
    ]);
    expect(shownOn('00000b00')).toEqual(shownOn('0000000a'));
  });

  test('one answer with the same id passes; a second one fails', () => {
    expect(messages(runOf([request(7)], [result(7)]))).toEqual([]);
    expect(messages(runOf([request(7)], [result(7), result(7)]))).toEqual([
      expect.stringMatching(/^same-id: request 7: answered more than once/),
    ]);
  });

  test('an answer with the id as a string instead of a number is the wrong id', () => {
    const failures = messages(runOf([request(7)], [result('7')]));
    expect(failures).toEqual([expect.stringContaining('another JSON type')]);
  });

  test('no answer to a request decides nothing over stdio; to a notification passes; an answer to a notification fails', () => {
    const silent = judgeCase(runOf([request('a')], []), ctx);
    expect(silent.failures).toEqual([]);
    expect(silent.undecided).toBe('request "a": no response before the timeout');
    const notification: Slot = { what: 'a notification', allow: [{ answer: 'none' }] };
    expect(messages(runOf([notification], []))).toEqual([]);
    expect(messages(runOf([notification], [error(-32600)]))).toEqual([
      expect.stringMatching(/^notifications: a notification: the server answered a notification/),
    ]);
  });

  test('an error without an id fills a slot that allows it, with the right code only', () => {
    const garbage: Slot = { what: 'garbage', allow: [{ answer: 'none' }, { answer: 'idless-error', codes: [-32700] }] };
    expect(messages(runOf([garbage], [error(-32700)]))).toEqual([]);
    expect(messages(runOf([garbage], [error(-32601)]))).toEqual([
      expect.stringMatching(/^property: garbage: got error -32601/),
    ]);
  });

  test('an error without an id but with a code JSON-RPC 2.0 does not give it is a refusal the spec does not name: a SHOULD, not a MUST', () => {
    // mcp-go answers the body `null` with -32602 "missing _meta" (HTTP 400): refused, with another code than -32600.
    const notRequest: Slot = {
      what: 'the JSON text null',
      allow: [{ answer: 'none' }, { answer: 'idless-error', codes: [-32600] }],
    };
    const failures = judgeCase(runOf([notRequest], [error(-32602)]), ctx).failures;
    expect(failures.map((f) => [f.invariant, f.level])).toEqual([['property', 'SHOULD']]);
  });

  test('a result where only -32602 is allowed fails the property, with its spec link', () => {
    const failures = judgeCase(runOf([request(1, [{ answer: 'error', codes: [-32602] }])], [result(1)]), ctx).failures;
    expect(failures.map((f) => [f.invariant, f.spec, f.level])).toEqual([
      ['property', 'https://example.test/spec', 'MUST'],
    ]);
  });

  test('a served request with a fractional id is answered with that id: the schema issue on it is the spec contradicting itself, not a finding', () => {
    // What mcp-go does with "id": 0.5; the ids property allows serving it ("a JSON-RPC number").
    expect(messages(runOf([request(0.5)], [result(0.5)]))).toEqual([]);
  });

  test('a response to an id never sent fails', () => {
    expect(messages(runOf([request(1)], [result(1), result(2)]))).toEqual([
      expect.stringContaining('which no request of this case carried'),
    ]);
  });

  test('a schema-invalid answer fails the schema invariant', () => {
    const broken = { jsonrpc: '2.0', id: 1, result: { resultType: 'complete', tools: 'not a list' } };
    expect(messages(runOf([request(1)], [broken]))).toEqual([
      expect.stringMatching(/^schema: request 1: the response breaks the schema/),
    ]);
  });

  test('stdout pollution fails with the offending bytes shown', () => {
    const pollution = [
      {
        seq: 1,
        t: 0,
        at: '',
        connection: 'stdio#1',
        direction: 'server->client' as const,
        kind: 'pollution' as const,
        text: 'Server started',
        note: 'line is not JSON',
      },
    ];
    expect(messages(runOf([request(1)], [result(1)], { pollution }))).toEqual([
      'stdout: non-MCP bytes on stdout (line is not JSON): "Server started"',
    ]);
  });

  test('an answer read only by mending its line (invalid UTF-8) is judged, and fails stdout naming the fault', () => {
    const fault = 'invalid UTF-8 at byte 40 of the line (ff22...), read as U+FFFD';
    const mended = { seq: 1, t: 0, at: '', connection: 'stdio#1', direction: 'server->client' as const };
    const pollution = [{ ...mended, kind: 'message' as const, message: result(1), framingFault: fault }];
    expect(messages(runOf([request(1)], [result(1)], { pollution }))).toEqual([
      `stdout: a message on stdout not valid as written: ${fault}`,
    ]);
  });

  test('a crash fails once, with the exit; an unanswered probe decides nothing (silence is not a verdict)', () => {
    const crashed = runOf([request(1)], [], {
      crash: { exit: 'server exited with code 70', stderr: 'boom' },
      received: [],
      probe: { answered: false, description: 'server is not running' },
    });
    expect(messages(crashed)).toEqual([
      'answered: the server died during the case: server exited with code 70; stderr: boom',
    ]);
    const silent = runOf([request(1)], [result(1)], {
      received: [{ message: result(1), group: 0 }],
      probe: { id: PROBE, method: 'tools/list', answered: false, description: 'no answer before the timeout' },
    });
    const verdict = judgeCase(silent, ctx);
    expect(verdict.failures).toEqual([]);
    expect(verdict.undecided).toMatch(/^the liveness probe sent after the case got no answer in time/);
  });

  test('a slow tool call that is still running decides nothing', () => {
    const verdict = judgeCase(
      runOf([{ ...request(1), patient: true }], [], {
        received: [],
        probe: { answered: false, description: 'not sent' },
      }),
      ctx,
    );
    expect(verdict.failures).toEqual([]);
    expect(verdict.undecided).toMatch(/still running/);
  });

  test('two requests with one id in flight: the second may go unanswered, a third answer fails', () => {
    const slots = [request('x'), request('x', [{ answer: 'result' }, { answer: 'error' }, { answer: 'none' }])];
    expect(messages(runOf(slots, [result('x')]))).toEqual([]);
    expect(messages(runOf(slots, [result('x'), error(-32600, 'x')]))).toEqual([]);
    expect(messages(runOf(slots, [result('x'), result('x'), result('x')]))).toEqual([
      expect.stringContaining('answered more than once'),
    ]);
  });

  test('2026-07-28 servers send no requests; 2025-11-25 ones only for declared capabilities', () => {
    const sampling = { jsonrpc: '2.0', id: 's1', method: 'sampling/createMessage', params: {} };
    expect(messages(runOf([request(1)], [sampling, result(1)]))).toEqual([
      expect.stringMatching(/^server-requests: the server sent a JSON-RPC request/),
    ]);
    const legacy = { ...ctx, revision: '2025-11-25' as const, validator: createWireValidator('2025-11-25') };
    const undeclared = judgeCase(
      runOf([request(1)], [sampling, { jsonrpc: '2.0', id: 1, result: { tools: [] } }]),
      legacy,
    ).failures;
    expect(undeclared.map((f) => f.message)).toEqual([expect.stringContaining('needs sampling')]);
    expect(
      judgeCase(
        runOf([request(1)], [sampling, { jsonrpc: '2.0', id: 1, result: { tools: [] } }], {
          declared: { sampling: {} },
        }),
        legacy,
      ).failures,
    ).toEqual([]);
  });
});

describe('judgeCase over HTTP', () => {
  const httpRun = (slots: Slot[], post: CaseRun['posts'][number], received: JsonObject[]): CaseRun => ({
    ...runOf(slots, []),
    transport: 'http',
    posts: [post],
    received: [
      ...received.map((message) => ({ message, group: 0, step: 0 })),
      { message: result(PROBE), group: 1, step: -1 },
    ],
  });
  const garbage: Slot = {
    what: 'a body that is not JSON',
    allow: [{ answer: 'none' }, { answer: 'idless-error', codes: [-32700] }],
  };

  test('a request that must be refused with 401 or 400: another status, or a result, is a finding', () => {
    const refusedOnly: Slot = {
      what: 'tools/list with a forged token',
      id: 'auth-1',
      method: 'tools/list',
      allow: [
        { answer: 'none', status: [401, 400] },
        { answer: 'error', status: [401, 400] },
      ],
    };
    const post = (status: number, bodyKind: 'empty' | 'json' = 'empty') => ({
      status,
      bodyKind,
      contentType: bodyKind === 'json' ? 'application/json' : '',
      messages: [],
      malformedEvents: 0,
      timedOut: false,
    });
    expect(messages(httpRun([refusedOnly], post(401), []))).toEqual([]);
    expect(messages(httpRun([refusedOnly], post(400), []))).toEqual([]);
    expect(messages(httpRun([refusedOnly], post(403), []))).toEqual([
      'http: step: HTTP 403 (empty body); the spec requires 401 or 400',
    ]);
    expect(messages(httpRun([refusedOnly], post(200, 'json'), [result('auth-1')]))).toEqual([
      expect.stringMatching(/got a result.*but the spec allows HTTP 401 or 400 without a JSON-RPC answer, an error/),
    ]);
  });

  test('a body that is not a request needs an HTTP error status', () => {
    expect(
      messages(
        httpRun([garbage], { status: 400, bodyKind: 'empty', messages: [], malformedEvents: 0, timedOut: false }, []),
      ),
    ).toEqual([]);
    expect(
      messages(
        httpRun([garbage], { status: 200, bodyKind: 'empty', messages: [], malformedEvents: 0, timedOut: false }, []),
      ),
    ).toEqual([expect.stringMatching(/^http: /)]);
    expect(
      messages(
        httpRun(
          [garbage],
          { messages: [], malformedEvents: 0, timedOut: false, transportError: 'connection reset' },
          [],
        ),
      ),
    ).toEqual([expect.stringContaining('no HTTP response at all')]);
  });

  test('a batch served as JSON-RPC 2.0 serves one is a warning, its answers in an array or on the stream, as the run suite has it', () => {
    // Over 2025-11-25 HTTP the Kotlin SDK answers a batch with 200 and a JSON array of the answers; the
    // TypeScript SDKs answer each of its requests on an event stream.
    const batch: Slot = {
      what: 'a JSON-RPC batch of 1 request(s) (MCP has no batches)',
      allow: [{ answer: 'none' }, { answer: 'accepted' }, { answer: 'idless-error', codes: [-32600] }],
    };
    const item = request('b-1', [{ answer: 'result' }, { answer: 'error' }, { answer: 'none' }]);
    const judged = (post: Partial<CaseRun['posts'][number]>, received: JsonObject[] = [], isBatch = true) => {
      const run = httpRun([batch, item], { messages: [], malformedEvents: 0, timedOut: false, ...post }, received);
      run.fuzzCase.steps[0].batch = isBatch;
      return judgeCase(run, ctx).failures.map((f) => `${f.level} ${f.invariant}: ${f.message}`);
    };
    expect(judged({ status: 200, bodyKind: 'text', batchAnswers: 1 })).toEqual([
      expect.stringMatching(
        /^SHOULD property: step: HTTP 200, served as a JSON-RPC 2.0 batch \(a JSON array of 1 answer/,
      ),
    ]);
    const sse = { status: 200, bodyKind: 'sse' as const, contentType: 'text/event-stream' };
    expect(judged(sse, [result('b-1')])).toEqual([
      expect.stringMatching(
        /^SHOULD property: step: HTTP 200, served as a JSON-RPC 2.0 batch \(its requests answered\)/,
      ),
    ]);
    expect(judged({ status: 400, bodyKind: 'empty' })).toEqual([]);
    // Not a batch: an answered request is no finding, and a 2xx whose body is no answer at all is still the MUST it was.
    expect(judged(sse, [result('b-1')], false)).toEqual([]);
    expect(judged({ status: 200, bodyKind: 'text' }, [], false)).toEqual([
      expect.stringMatching(/^MUST http: step: HTTP 200 \(text body\) with no JSON-RPC answer/),
    ]);
  });

  test('a body that is not a request may also get the JSON-RPC error without an id JSON-RPC 2.0 gives it, with HTTP 200', () => {
    // mcp-go over 2025-11-25 HTTP answers the body `null` with 200 and -32600 "Invalid JSON-RPC version", id null: what JSON-RPC 2.0 prescribes.
    const notRequest: Slot = {
      what: 'the JSON text null',
      allow: [{ answer: 'none' }, { answer: 'idless-error', codes: [-32600] }],
    };
    const answer = { ...error(-32600), id: null } as unknown as JsonObject;
    expect(
      messages(
        httpRun(
          [notRequest],
          {
            status: 200,
            contentType: 'application/json',
            bodyKind: 'json',
            messages: [answer],
            malformedEvents: 0,
            timedOut: false,
          },
          [answer],
        ),
      ),
    ).toEqual([]);
    expect(
      messages(
        httpRun(
          [notRequest],
          {
            status: 200,
            contentType: 'application/json',
            bodyKind: 'json',
            messages: [],
            malformedEvents: 0,
            timedOut: false,
          },
          [],
        ),
      ),
    ).toEqual([expect.stringMatching(/^http: /)]);
  });

  test('an answer stream still open without the response at the timeout decides nothing, as silence does', () => {
    // rmcp over 2025-11-25 HTTP: two requests with id 0 in flight; the first one's SSE stream stays open and never carries an answer.
    const first = request(0);
    const run = httpRun(
      [first],
      {
        status: 200,
        contentType: 'text/event-stream',
        bodyKind: 'sse',
        messages: [],
        malformedEvents: 0,
        timedOut: true,
      },
      [],
    );
    const judged = judgeCase(run, ctx);
    expect(judged.failures).toEqual([]);
    expect(judged.undecided).toContain('still open');
  });

  test('a required status is enforced, and a request answer needs a JSON or SSE content type', () => {
    const meta: Slot = { ...request(1), allow: [{ answer: 'error', codes: [-32602], status: [400] }] };
    const answer = error(-32602, 1);
    expect(
      messages(
        httpRun(
          [meta],
          {
            status: 400,
            contentType: 'application/json',
            bodyKind: 'json',
            messages: [answer],
            malformedEvents: 0,
            timedOut: false,
          },
          [answer],
        ),
      ),
    ).toEqual([]);
    expect(
      messages(
        httpRun(
          [meta],
          {
            status: 200,
            contentType: 'application/json',
            bodyKind: 'json',
            messages: [answer],
            malformedEvents: 0,
            timedOut: false,
          },
          [answer],
        ),
      ),
    ).toEqual([expect.stringContaining('HTTP status 200')]);
    expect(
      messages(
        httpRun(
          [meta],
          {
            status: 400,
            contentType: 'text/plain',
            bodyKind: 'json',
            messages: [answer],
            malformedEvents: 0,
            timedOut: false,
          },
          [answer],
        ),
      ),
    ).toEqual([expect.stringContaining('Content-Type "text/plain"')]);
  });

  test('a stream read by the fuzzer: framing faults come first (MUST), a stream left open after the response is a SHOULD', () => {
    const sse = {
      status: 200,
      contentType: 'text/event-stream',
      bodyKind: 'sse' as const,
      malformedEvents: 0,
      timedOut: false,
    };
    expect(messages(httpRun([request(1)], { ...sse, messages: [result(1)], sseFaults: [] }, [result(1)]))).toEqual([]);
    const dropped = judgeCase(
      httpRun([request(1)], { ...sse, messages: [], sseFaults: ['the stream ended inside an event (...)'] }, []),
      ctx,
    ).failures;
    expect(dropped.map((f) => [f.invariant, f.level, f.message])).toEqual([
      ['sse', 'MUST', 'step: the stream ended inside an event (...)'],
      ['answered', 'MUST', 'request 1: no response (HTTP 200, sse body)'],
    ]);
    expect(dropped[0].spec).toBe(
      'https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#sending-messages',
    );
    const open = judgeCase(
      httpRun(
        [request(1)],
        {
          ...sse,
          messages: [result(1)],
          sseFaults: [],
          sseAfterResponse: 'the stream was still open 1000 ms after the response',
        },
        [result(1)],
      ),
      ctx,
    ).failures;
    expect(open.map((f) => [f.invariant, f.level])).toEqual([['sse-end', 'SHOULD']]);
  });

  test('framing faults the fuzzer found itself replace the count of malformed events', () => {
    const post = {
      status: 200,
      contentType: 'text/event-stream',
      bodyKind: 'sse' as const,
      messages: [result(1)],
      malformedEvents: 1,
      timedOut: false,
    };
    expect(messages(httpRun([request(1)], post, [result(1)]))).toEqual([
      expect.stringMatching(/^http: step: 1 SSE event\(s\) whose data is not one JSON-RPC message/),
    ]);
    expect(
      messages(
        httpRun(
          [request(1)],
          { ...post, malformedEvents: 0, sseFaults: ['an SSE event whose data is not one JSON-RPC message: "{"'] },
          [result(1)],
        ),
      ),
    ).toEqual(['sse: step: an SSE event whose data is not one JSON-RPC message: "{"']);
  });
});
