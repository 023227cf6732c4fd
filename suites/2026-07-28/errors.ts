// 2026-07-28 JSON-RPC framing and error behaviour: parse errors, invalid requests, ids,
// notifications, and the error codes a server may use (checked over the whole run).
import { defineArea } from '../../harness/checks/check.js';
import { expectError, expectHttpStatus, expectThat, observed } from '../../harness/checks/expect.js';
import { connectionsOver } from '../../harness/checks/wire-query.js';
import { PROTOCOL_VERSION_KEY, requestMeta } from '../../harness/lifecycles/meta.js';
import type { JsonObject } from '../../harness/model.js';
import type { WireEntry } from '../../harness/recorder/wire-log.js';
import {
  errorMessageCheck,
  errorsIn,
  invalidRequests,
  judgeInvalidRequests,
  judgeParseError,
  truncatedRequest,
  type ErrorSeen,
} from '../shared/rpc-errors.js';
import { answerRequired, fenceBeforeIdlessAnswer } from '../shared/barrier.js';
import { NO_ANSWER_EXPECTED, sendUnanswerable } from '../shared/unanswered.js';
import { modernConnections } from '../shared/wire-pairs.js';
import { sendAsRaw } from './kit/helpers.js';

const MAX_LISTED = 10;
const DEFINED_MCP_CODES = [-32020, -32021, -32022];
const JSON_RPC_CODES = [-32700, -32600, -32601, -32602, -32603];
const RETIRED_CODES = [-32002, -32042];

const meta = () => requestMeta('2026-07-28');
const discover = (envelope: JsonObject): JsonObject => ({
  jsonrpc: '2.0',
  method: 'server/discover',
  params: { _meta: meta() },
  ...envelope,
});

/** Ids of both JSON types, including the falsy and the unusual. */
const IDS: unknown[] = ['abc', 0, -1, '7', '', 'ïd ✓', Number.MAX_SAFE_INTEGER];

/** Every error the server sent on the run's 2026-07-28 connections. */
function errorsOfRun(entries: readonly WireEntry[]): ErrorSeen[] {
  const modern = modernConnections(entries);
  return errorsIn(entries.filter((entry) => modern.has(entry.connection)));
}

const isInt = (code: unknown): code is number => Number.isInteger(code);

export default defineArea('2026-07-28', 'errors', [
  {
    slug: 'method-not-found',
    title: 'An unknown method gets -32601 (HTTP 404)',
    requirement:
      'A request for a method the server does not implement gets JSON-RPC error -32601; on Streamable HTTP the server MUST answer 404 Not Found with that JSON-RPC error as the body.',
    level: 'MUST',
    spec: 'basic/transports/streamable-http#protocol-version-header',
    catalog: ['RPC-009', 'HTTP-013', 'HTTP-021'],
    async run(ctx) {
      const exchange = await ctx.client.request('x-mcp-conform/does-not-exist', {});
      expectError(exchange, -32601);
      expectHttpStatus(exchange, 404);
    },
  },
  {
    slug: 'parse-error',
    title: 'Text that is not JSON gets -32700 without an id',
    requirement:
      'Messages MUST follow JSON-RPC 2.0, which answers unparseable text with Parse error -32700; no id could be read, so the error carries none (JSON-RPC 2.0 writes null, the MCP schema leaves id out). Over HTTP an error status with no body is warned: the transport lets input the server cannot accept get one, its body MAY hold the error.',
    level: 'MUST',
    spec: 'schema#parseerror',
    catalog: ['RPC-007', 'RPC-006'],
    exclusive: true, // on stdio an answer without an id belongs to whatever is in flight
    // A reader that decodes a JSON stream instead of lines (go-sdk) waits for the rest of the cut-off
    // object and glues the next check's message to it: the damage stays on a connection of its own.
    connection: 'fresh',
    async run(ctx) {
      const headers = ctx.client.headersFor(discover({ id: 1 }));
      const text = truncatedRequest('server/discover') + (ctx.transport === 'stdio' ? '\n' : '');
      await fenceBeforeIdlessAnswer(ctx.client, 'the text that is not JSON');
      judgeParseError(
        ctx,
        await answerRequired(ctx, 'the text that is not JSON', () =>
          ctx.client.sendRaw(text, { expectResponse: true, headers }),
        ),
      );
    },
  },
  {
    slug: 'invalid-request',
    title: 'Malformed request objects get -32600 Invalid Request',
    requirement:
      'Requests MUST carry a string or integer id (never null), "jsonrpc": "2.0" and a string method; JSON-RPC 2.0 answers an object that is not a valid request with -32600 (derived from a sender\'s MUST, so a SHOULD, as in 2025-11-25). On HTTP a body without a string method may fail header validation first (-32020).',
    level: 'SHOULD',
    levelReason:
      'derived: the MUST binds the sender of a request; the answer JSON-RPC 2.0 gives a bad one has no keyword of its own',
    spec: 'basic#requests',
    catalog: ['RPC-008'],
    exclusive: true,
    connection: 'fresh', // a server that stops on one of them must not take the shared connection's other checks with it
    async run(ctx) {
      // On HTTP a body without a string method cannot be mirrored into Mcp-Method: -32020 may come first.
      const accepted = (message: JsonObject) =>
        ctx.transport === 'http' && typeof message.method !== 'string' ? [-32600, -32020] : [-32600];
      await judgeInvalidRequests(
        ctx,
        invalidRequests(discover),
        (client, message) => sendAsRaw({ ...ctx, client }, message),
        accepted,
      );
    },
  },
  {
    slug: 'id-echo',
    title: 'Responses carry the request id with its value and JSON type',
    requirement:
      'Result responses MUST include the same ID as the request, and so MUST error responses whose id could be read; ids are strings or integers, so "7" and 7 are different ids, and 0 and "" are ids like any other.',
    level: 'MUST',
    spec: 'basic#result-responses',
    catalog: ['RPC-003', 'RPC-006'],
    connection: 'fresh', // explicit ids must not collide with other checks' requests
    async run(ctx) {
      for (const id of IDS) {
        const exchange = await ctx.client.request('server/discover', {}, { id });
        expectThat(
          exchange.response !== undefined && !exchange.idTypeMismatch,
          `no response carrying id ${JSON.stringify(id)} (${typeof id}) came back`,
          {
            expected: { id },
            actual: observed(exchange),
          },
        );
      }
      const error = await ctx.client.request(
        'server/discover',
        {},
        { id: 'error-id', meta: { [PROTOCOL_VERSION_KEY]: '1900-01-01' } },
      );
      expectThat(
        error.response?.id === 'error-id',
        'the error response to a request with id "error-id" does not carry that id',
        { expected: { id: 'error-id' }, actual: observed(error) },
      );
    },
  },
  {
    slug: 'notification-not-answered',
    title: 'Notifications get no response',
    requirement:
      'The receiver of a notification MUST NOT send a response, whatever the notification: unknown methods, and request methods sent without an id, alike.',
    level: 'MUST',
    spec: 'basic#notifications',
    catalog: ['RPC-012'],
    transports: ['stdio'], // on HTTP the answer to a notification POST is a status (HTTP-007)
    exclusive: true,
    async run(ctx) {
      const probes = [
        { jsonrpc: '2.0', method: 'notifications/x-mcp-conform/unknown', params: {} },
        { jsonrpc: '2.0', method: 'tools/list', params: { _meta: meta() } },
      ];
      for (const probe of probes) {
        const { reading, said, exchange } = await sendUnanswerable(
          ctx.client,
          probe,
          `the notification ${probe.method}`,
        );
        expectThat(reading === 'unanswered', `the server answered the notification ${probe.method}: ${said}`, {
          expected: NO_ANSWER_EXPECTED,
          actual: observed(exchange),
        });
      }
    },
  },
  {
    slug: 'reserved-codes',
    title: 'No undefined code from -32020..-32099, no retired -32002 / -32042, no -32020 off HTTP',
    requirement:
      'Implementations MUST NOT emit a code from -32020 to -32099 that the specification does not define, MUST use defined codes only with their meaning (-32020 is an HTTP header mismatch), and MUST NOT emit -32002 or -32042 (checked over every error of the run).',
    level: 'MUST',
    spec: 'basic#error-codes',
    catalog: ['RPC-014'],
    phase: 'post',
    async run(ctx) {
      const stdio = new Set(connectionsOver(ctx.wire.entries, 'stdio'));
      const bad = errorsOfRun(ctx.wire.entries).filter(
        ({ code, at }) =>
          RETIRED_CODES.includes(code as number) ||
          (isInt(code) && code <= -32020 && code >= -32099 && !DEFINED_MCP_CODES.includes(code)) ||
          (code === -32020 && stdio.has(at.connection)),
      );
      if (bad.length === 0) return;
      ctx.fail(
        `${bad.length} error(s) use a reserved, retired or misapplied code; first: ${String(bad[0].code)} ${JSON.stringify(bad[0].message)}`,
        {
          expected: `only ${DEFINED_MCP_CODES.join(', ')} from the MCP range, -32020 only on HTTP, never ${RETIRED_CODES.join(' or ')}`,
          actual: bad.slice(0, MAX_LISTED),
        },
      );
    },
  },
  {
    slug: 'unallocated-codes',
    title: 'No codes from the legacy -32000..-32019 range or the rest of the JSON-RPC reserved range',
    requirement:
      'New implementations SHOULD NOT use codes from -32000 to -32019 at all, and codes for purposes the specification does not define SHOULD be allocated outside -32768..-32000 (checked over every error of the run).',
    level: 'SHOULD',
    spec: 'basic#error-codes',
    catalog: ['RPC-015'],
    phase: 'post',
    async run(ctx) {
      const known = [...JSON_RPC_CODES, ...DEFINED_MCP_CODES];
      const inMcpRange = (code: number) => code <= -32020 && code >= -32099; // judged by reserved-codes
      const bad = errorsOfRun(ctx.wire.entries).filter(
        ({ code }) =>
          isInt(code) &&
          code >= -32768 &&
          code <= -32000 &&
          !known.includes(code) &&
          !inMcpRange(code) &&
          !RETIRED_CODES.includes(code),
      );
      if (bad.length === 0) return;
      ctx.fail(
        `${bad.length} error(s) use a code from the JSON-RPC reserved range the specification does not define; first: ${String(bad[0].code)} ${JSON.stringify(bad[0].message)}`,
        {
          expected: `${known.join(', ')}, or codes outside -32768..-32000`,
          actual: bad.slice(0, MAX_LISTED),
        },
      );
    },
  },
  errorMessageCheck(['RPC-016'], 'every error of the run', (ctx) => errorsOfRun(ctx.wire.entries)),
]);
