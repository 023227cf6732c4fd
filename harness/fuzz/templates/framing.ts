// The framing campaign, for either revision. stdio: well-formed lines however they are framed
// (split writes, several per write, blank lines, CRLF, indentation), malformed lines; both: deep
// nesting and huge strings; HTTP: bodies that are not a request, odd Content-Types, chunked bodies.
import fc from 'fast-check';
import { cutsAt } from '../../../generators/builders/cuts.js';
import { nestedText, truncate, withInvalidBytes } from '../../../generators/builders/malform.js';
import { deepNesting, type DeepNesting } from '../../../generators/framing/deep-nesting.js';
import { hugeString, type HugeString } from '../../../generators/framing/huge-string.js';
import { lineFraming, type LineFraming } from '../../../generators/framing/line-framing.js';
import { malformedLine, type Malformation } from '../../../generators/framing/malformed-line.js';
import { splitFractions } from '../../../generators/framing/split-fractions.js';
import { contentType } from '../../../generators/http/content-type.js';
import type { Allowed, Slot, Step } from '../case.js';
import { fuzzProperty, type FuzzEnv, type FuzzPropertyDefinition } from '../property.js';
import { ANSWERED, caseId, messageStep, requestBytes, requestSlot } from './requests.js';

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const PAYLOAD = '\u0000mcp-conform-payload\u0000';
// JSON that parsed but is no request: -32600; -32700 there is the wrong code, a SHOULD (as the checks warn).
const notARequest: Allowed[] = [
  { answer: 'idless-error', codes: [INVALID_REQUEST] },
  {
    answer: 'idless-error',
    codes: [-32700],
    warn: 'JSON-RPC 2.0 keeps -32700 for text that is not JSON; an invalid request gets -32600',
  },
];
const ignoredOrParseError: Allowed[] = [
  { answer: 'none' },
  { answer: 'idless-error', codes: [PARSE_ERROR, INVALID_REQUEST] },
];

export interface FramingSpecs {
  /** The transport page (stdio framing, or HTTP POST rules). */
  stdio: string;
  http: string;
  catalog: string[];
}

export function framedLinesProperty(specs: FramingSpecs): FuzzPropertyDefinition {
  return fuzzProperty<{ framing: LineFraming; nonce: number }>({
    slug: 'framed-lines',
    title: 'Requests are answered once each however the lines are framed',
    requirement:
      'Messages are newline-delimited: a request split across writes, several requests in one write, blank lines between them, CRLF endings or leading whitespace change nothing; each request gets exactly one response with its id. A blank line is no message (ignored, or answered with an error without an id).',
    level: 'MUST',
    spec: specs.stdio,
    catalog: specs.catalog,
    transports: ['stdio'],
    arbitrary: () => fc.record({ framing: lineFraming(), nonce: fc.nat() }),
    plan({ framing, nonce }, env) {
      const lines = framing.lines.map((shape, index) => {
        const id = caseId(nonce, index);
        const request = requestBytes(env, id);
        const blanks = shape.blanksBefore.map((blank) => `${blank}\n`).join('');
        const slots: Slot[] = [
          ...shape.blanksBefore.map(
            (blank): Slot => ({
              what: `the blank line ${JSON.stringify(blank)} before request ${index + 1}`,
              allow: ignoredOrParseError,
            }),
          ),
          requestSlot(`request ${index + 1} (${request.method}, id ${id.text})`, id, request.method),
        ];
        return { text: `${blanks}${shape.indent}${request.text}${shape.ending}`, slots };
      });
      const writes = framing.oneWrite
        ? [{ text: lines.map((l) => l.text).join(''), slots: lines.flatMap((l) => l.slots) }]
        : lines;
      const steps: Step[] = writes.map((write, index) => ({
        label: framing.oneWrite ? `${lines.length} line(s) in one write` : `line ${index + 1} in a write of its own`,
        text: write.text,
        splits: cutsAt(Buffer.byteLength(write.text), framing.splits),
        slots: write.slots,
      }));
      return { steps };
    },
  });
}

/** The bytes a malformation makes of a well-formed request, and what the spec lets a server answer. */
function malformed(
  malformation: Malformation,
  env: FuzzEnv,
  nonce: number,
): { label: string; bytes: Buffer; slots: Slot[]; batch?: boolean } {
  const id = caseId(nonce, 0);
  const request = requestBytes(env, id);
  const served = (what: string): Slot => requestSlot(what, id, request.method, [...ANSWERED, ...ignoredOrParseError]);
  switch (malformation.kind) {
    case 'truncated': {
      const text = truncate(request.text, malformation.at);
      return {
        label: 'a request cut short',
        bytes: Buffer.from(text),
        slots: [{ what: `a request cut short after ${text.length} characters (not JSON)`, allow: ignoredOrParseError }],
      };
    }
    case 'invalid-utf8':
      // Invalid bytes inside a string may be read as U+FFFD by a lenient decoder: then it is served.
      return {
        label: 'a request with bytes that are not UTF-8',
        bytes: withInvalidBytes(request.text, malformation.insert),
        slots: [
          served(
            `a request with the bytes ${Buffer.from(malformation.insert.bytes).toString('hex')} (not UTF-8) in it`,
          ),
        ],
      };
    case 'bom':
      // RFC 8259 lets a parser ignore a byte order mark or treat it as an error.
      return {
        label: 'a request behind a byte order mark',
        bytes: Buffer.from(`\uFEFF${request.text}`),
        slots: [served('a request behind a byte order mark')],
      };
    case 'non-object':
      // As for a batch: how a server refuses what is not a message is not specified; 202 with nothing to answer breaks no MUST.
      return {
        label: 'JSON that is not an object',
        bytes: Buffer.from(malformation.text),
        slots: [
          {
            what: `the JSON text ${malformation.text.slice(0, 40)} (not a request object)`,
            allow: [{ answer: 'none' }, { answer: 'accepted' }, ...notARequest],
          },
        ],
      };
    case 'batch': {
      const items = Array.from({ length: malformation.size }, (_, i) => ({
        id: caseId(nonce, i + 1),
        request: requestBytes(env, caseId(nonce, i + 1)),
      }));
      const slots: Slot[] = [
        // How a server refuses a batch is not specified (a processed one is a warning of the checks): 202 for one with nothing to answer is not a MUST broken.
        {
          what: `a JSON-RPC batch of ${items.length} request(s) (MCP has no batches)`,
          allow: [{ answer: 'none' }, { answer: 'accepted' }, ...notARequest],
        },
        ...items.map((item, i) =>
          requestSlot(`batch item ${i + 1}`, item.id, item.request.method, [...ANSWERED, { answer: 'none' }]),
        ),
      ];
      const bytes = Buffer.from(`[${items.map((item) => item.request.text).join(',')}]`);
      return { label: 'a batch', bytes, slots, batch: true };
    }
    case 'garbage':
      return {
        label: 'a line that is not JSON',
        bytes: Buffer.from(malformation.text),
        slots: [
          { what: `the text ${JSON.stringify(malformation.text.slice(0, 40))} (not JSON)`, allow: ignoredOrParseError },
        ],
      };
  }
}

function bytesStep(label: string, bytes: Buffer, slots: Slot[], env: FuzzEnv, headers?: Record<string, string>): Step {
  const body = env.transport === 'stdio' ? Buffer.concat([bytes, Buffer.from('\n')]) : bytes;
  const utf8 = Buffer.from(body.toString('utf8'), 'utf8').equals(body);
  return {
    label,
    ...(utf8 ? { text: body.toString('utf8') } : { base64: body.toString('base64') }),
    headers: env.transport === 'http' ? headers : undefined,
    slots,
  };
}

export function malformedInputProperty(specs: FramingSpecs): FuzzPropertyDefinition {
  return fuzzProperty<{ malformation: Malformation; nonce: number }>({
    slug: 'malformed-input',
    title: 'Malformed input gets the JSON-RPC error for it (or nothing), never a result, and the server keeps serving',
    requirement:
      'Input that is not JSON gets Parse error (-32700); JSON that is not a request object, and batches (which MCP does not have), get Invalid Request (-32600); both without an id. A server may also ignore such input (the client broke the framing rules), but never answers it with a result, and MUST answer the next well-formed request. On HTTP such a body gets an HTTP error status.',
    level: 'MUST',
    spec: specs.stdio,
    catalog: specs.catalog,
    transports: ['stdio'],
    arbitrary: () => fc.record({ malformation: malformedLine(), nonce: fc.nat() }),
    plan({ malformation, nonce }, env) {
      const { label, bytes, slots } = malformed(malformation, env, nonce);
      return { steps: [bytesStep(label, bytes, slots, env)] };
    },
  });
}

export function nestingAndSizeProperty(specs: FramingSpecs): FuzzPropertyDefinition {
  return fuzzProperty<{ payload: { nesting: DeepNesting } | { string: HugeString }; nonce: number }>({
    slug: 'nesting-and-size',
    title: 'Deeply nested values and huge strings get an answer, and the server keeps serving',
    requirement:
      'A well-formed request whose params carry a deeply nested value or a very long string is answered (a result, or an error such as -32600/-32602; a parser that refuses it answers -32700 without an id) and MUST NOT bring the server down.',
    level: 'MUST',
    spec: specs.stdio,
    catalog: specs.catalog,
    arbitrary: () =>
      fc.record({
        payload: fc.oneof(
          deepNesting().map((nesting) => ({ nesting })),
          hugeString().map((string) => ({ string })),
        ),
        nonce: fc.nat(),
      }),
    plan({ payload, nonce }, env) {
      const id = caseId(nonce, 0);
      const value =
        'nesting' in payload
          ? nestedText(payload.nesting.depth, payload.nesting.shape)
          : JSON.stringify(payload.string.char.repeat(payload.string.length));
      // Spliced in as text: building a 100,000-deep object only to stringify it would overflow our own stack.
      const request = requestBytes(env, id, env.dialect.cheap.method, {
        ...env.dialect.cheap.params,
        mcpConformPayload: PAYLOAD,
      });
      const text = request.text.replace(JSON.stringify(PAYLOAD), () => value);
      const what =
        'nesting' in payload
          ? `${request.method} with a value nested ${payload.nesting.depth} ${payload.nesting.shape}s deep`
          : `${request.method} with a string of ${payload.string.length} characters`;
      // Over HTTP a body past the server's limit may be refused with any error body (413 and the like): the size is ours.
      const allow: Allowed[] = [
        ...ANSWERED,
        { answer: 'idless-error', codes: [PARSE_ERROR, INVALID_REQUEST] },
        ...(env.transport === 'http' ? [{ answer: 'none' as const }, { answer: 'idless-error' as const }] : []),
      ];
      return { steps: [messageStep(env, what, text, [requestSlot(what, id, request.method, allow)], request.headers)] };
    },
  });
}

export function httpBodyProperty(specs: FramingSpecs): FuzzPropertyDefinition {
  return fuzzProperty<{ malformation: Malformation | { kind: 'empty' }; nonce: number }>({
    slug: 'http-bodies',
    title: 'A POST body that is not one JSON-RPC request gets an HTTP error status, never a result',
    requirement:
      'The body of a POST MUST be a single JSON-RPC request or notification. A body that is empty, not JSON, not UTF-8, not an object, or a batch is answered with an HTTP error status, or with the JSON-RPC error JSON-RPC 2.0 gives it, without an id (-32700 for what is not JSON, -32600 for what is not a request; another code is a SHOULD warning), never with a result.',
    level: 'MUST',
    spec: specs.http,
    catalog: specs.catalog,
    transports: ['http'],
    arbitrary: () =>
      fc.record({
        malformation: fc.oneof(
          { arbitrary: malformedLine(), weight: 6 },
          { arbitrary: fc.constant({ kind: 'empty' as const }), weight: 1 },
        ),
        nonce: fc.nat(),
      }),
    plan({ malformation, nonce }, env) {
      const headers = requestBytes(env, caseId(nonce, 0)).headers;
      if (malformation.kind === 'empty')
        return {
          steps: [
            bytesStep(
              'an empty body',
              Buffer.alloc(0),
              [{ what: 'an empty POST body', allow: ignoredOrParseError }],
              env,
              headers,
            ),
          ],
        };
      const { label, bytes, slots, batch } = malformed(malformation, env, nonce);
      return { steps: [{ ...bytesStep(label, bytes, slots, env, headers), batch }] };
    },
  });
}

export function contentTypeProperty(specs: FramingSpecs): FuzzPropertyDefinition {
  return fuzzProperty<{ type: string | null; nonce: number }>({
    slug: 'content-type',
    title: 'A request with an odd Content-Type is served or refused with an HTTP error, nothing in between',
    requirement:
      'A request POSTed with a missing or unusual Content-Type is either answered as usual (with Content-Type application/json or text/event-stream) or refused with an HTTP error status; it never gets a 2xx without its response, and the server keeps serving.',
    level: 'MUST',
    spec: specs.http,
    catalog: specs.catalog,
    transports: ['http'],
    arbitrary: () => fc.record({ type: contentType(), nonce: fc.nat() }),
    plan({ type, nonce }, env) {
      const id = caseId(nonce, 0);
      const request = requestBytes(env, id);
      const what = `${request.method} sent with ${type === null ? 'no Content-Type' : `Content-Type ${JSON.stringify(type)}`}`;
      // A refusal is an HTTP error status; the error body it carries, if any, may use any code (a 2xx with no answer still fails).
      const slot = requestSlot(what, id, request.method, [...ANSWERED, { answer: 'none' }, { answer: 'idless-error' }]);
      return { steps: [messageStep(env, what, request.text, [slot], { ...request.headers, 'content-type': type })] };
    },
  });
}

export function chunkedBodyProperty(specs: FramingSpecs): FuzzPropertyDefinition {
  return fuzzProperty<{ splits: number[]; nonce: number }>({
    slug: 'chunked-body',
    title: 'A request whose body arrives in chunks is answered like any other',
    requirement:
      'HTTP/1.1 chunked transfer coding carries the same body: a request sent in many small chunks, with pauses between them, gets exactly one response with its id.',
    level: 'MUST',
    spec: specs.http,
    catalog: specs.catalog,
    transports: ['http'],
    arbitrary: () => fc.record({ splits: splitFractions(8, 1), nonce: fc.nat() }),
    plan({ splits, nonce }, env) {
      const id = caseId(nonce, 0);
      const request = requestBytes(env, id);
      const cuts = cutsAt(Buffer.byteLength(request.text), splits);
      const what = `${request.method} in ${cuts.length + 1} chunks`;
      return {
        steps: [
          {
            ...messageStep(env, what, request.text, [requestSlot(what, id, request.method)], request.headers),
            splits: cuts,
          },
        ],
      };
    },
  });
}
