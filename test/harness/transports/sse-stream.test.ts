// Event streams as the fuzzer reads them: SSE framing as the standard defines it (any line ending,
// split anywhere), the faults a lenient parser would hide, and a POST against a live server that
// streams well, drops its last event's blank line, splits a data line, or keeps the stream open.
import fc from 'fast-check';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { acceptSpelling, acceptValue } from '../../../generators/http/accept.js';
import { postDirect } from '../../../harness/transports/http-post.js';
import { SseReader, type SseEvent } from '../../../harness/transports/sse-reader.js';
import { WireRecorder } from '../../../harness/recorder/wire-log.js';

function read(chunks: string[]): { events: SseEvent[]; partial: string | undefined } {
  const events: SseEvent[] = [];
  const reader = new SseReader((event) => events.push(event));
  for (const chunk of chunks) reader.feed(chunk);
  return { events, partial: reader.end() };
}

/** Every way of cutting the text in two, as two reads. */
const cutsOf = (text: string) =>
  Array.from({ length: text.length + 1 }, (_, at) => [text.slice(0, at), text.slice(at)]);

describe('SseReader', () => {
  test('events end at a blank line whatever the line endings and wherever the reads split them', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const text = `\uFEFFid: 1${eol}data:${eol}${eol}: a comment${eol}event: message${eol}data: {"a":1,${eol}data: "b":2}${eol}${eol}`;
      for (const chunks of cutsOf(text)) {
        const { events, partial } = read(chunks);
        expect(events.map((e) => [e.data, e.event ?? null, e.id ?? null])).toEqual([
          ['', null, '1'],
          ['{"a":1,\n"b":2}', 'message', null],
        ]);
        expect(partial).toBeUndefined();
      }
    }
  });

  test('a stream that ends inside an event gives that event back as unterminated, never as an event', () => {
    for (const tail of ['data: {"id":1}\n', 'data: {"id":1}', 'event: message\ndata: {"id":1}\r\n']) {
      const { events, partial } = read([`data: {"id":0}\n\n${tail}`]);
      expect(events.map((e) => e.data)).toEqual(['{"id":0}']);
      expect(partial).toContain('data: {"id":1}');
    }
    expect(read([': keep-alive\n', ': still here']).partial).toBeUndefined();
  });

  test('a line that is no SSE field is kept as stray; the data stops where the prefix went missing', () => {
    const { events } = read(['event: message\ndata: {"jsonrpc":"2.0",\n"id":1,"result":{}}\n\n']);
    expect(events).toEqual([
      { data: '{"jsonrpc":"2.0",', event: 'message', id: undefined, stray: ['"id":1,"result":{}}'] },
    ]);
  });
});

describe('generators/http/accept', () => {
  test('every spelling lists both media types, and both orders occur', () => {
    const firsts = new Set<string>();
    fc.assert(
      fc.property(acceptSpelling(), (spelling) => {
        const types = acceptValue(spelling)
          .split(',')
          .map((part) => part.split(';')[0].trim());
        expect(types).toEqual(expect.arrayContaining(['application/json', 'text/event-stream']));
        firsts.add(types[0]);
      }),
    );
    expect([...firsts].sort()).toEqual(['application/json', 'text/event-stream']);
  });
});

const RESPONSE = '{"jsonrpc":"2.0","id":1,"result":{}}';
const PROGRESS = '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}';

/** What the test server writes for each path, after the 200 text/event-stream head. */
const STREAMS: Record<string, (res: http.ServerResponse) => void> = {
  '/good': (res) => res.end(`event: message\ndata: ${PROGRESS}\n\nevent: message\ndata: ${RESPONSE}\n\n`),
  '/unterminated': (res) => res.end(`event: message\ndata: ${PROGRESS}\n\nevent: message\ndata: ${RESPONSE}\n`),
  '/split': (res) => res.end(`data: ${RESPONSE.slice(0, 20)}\n${RESPONSE.slice(20)}\n\n`),
  '/lingers': (res) => {
    res.write(`data: ${RESPONSE}\n\n`);
    setTimeout(() => res.end(), 3000).unref();
  },
  '/chatty': (res) => res.end(`data: ${RESPONSE}\n\ndata: ${PROGRESS}\n\n`),
};

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      STREAMS[req.url ?? '']?.(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const post = (path: string, timeoutMs = 2000) =>
  postDirect(
    `${base}${path}`,
    { 'content-type': 'application/json', authorization: 'Bearer secret' },
    [Buffer.from('{"jsonrpc":"2.0","id":1,"method":"m"}')],
    {
      gapMs: 0,
      timeoutMs,
      recorder: new WireRecorder(),
      connection: 'test',
    },
  );

describe('postDirect on an event stream', () => {
  test('a well-formed stream: every message, no fault, nothing after the response', async () => {
    const outcome = await post('/good');
    expect(outcome.messages.map((m) => m.method ?? 'response')).toEqual(['notifications/progress', 'response']);
    expect(outcome).toMatchObject({ status: 200, bodyKind: 'sse', sseFaults: [], timedOut: false });
    expect(outcome.sseAfterResponse).toBeUndefined();
  });

  test('the last event without its blank line: the response is lost and the fault says why', async () => {
    const outcome = await post('/unterminated');
    expect(outcome.messages.map((m) => m.method)).toEqual(['notifications/progress']);
    expect(outcome.sseFaults).toEqual([
      expect.stringMatching(/^the stream ended inside an event \(no blank line after its last line\)/),
    ]);
  });

  test('a data line split without its prefix: the data is not JSON, and the stray line is named', async () => {
    const outcome = await post('/split');
    expect(outcome.messages).toEqual([]);
    expect(outcome.sseFaults).toEqual([expect.stringContaining('that are no SSE field, the first "')]);
  });

  test('a stream still open well after its response, or going on after it, is reported', async () => {
    const started = performance.now();
    const lingering = await post('/lingers', 200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
    expect(lingering.messages).toHaveLength(1);
    expect(lingering.timedOut).toBe(false);
    expect(lingering.sseAfterResponse).toMatch(/^the stream was still open \d+ ms after the response$/);
    expect((await post('/chatty')).sseAfterResponse).toBe(
      'the stream went on after the response with 1 more message(s) (notifications/progress)',
    );
  });

  test('credentials in the request headers stay out of the wire log', async () => {
    const recorder = new WireRecorder();
    await postDirect(`${base}/good`, { authorization: 'Bearer secret' }, [Buffer.from('{}')], {
      gapMs: 0,
      timeoutMs: 2000,
      recorder,
      connection: 'test',
    });
    expect(JSON.stringify(recorder.entries)).not.toContain('secret');
  });
});
