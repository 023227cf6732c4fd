// 2026-07-28 Streamable HTTP: request metadata headers validated against the body (-32020 with
// 400), what the endpoint does with GET/DELETE and legacy headers, Origin, and the shape of
// JSON and SSE answers (requests with an odd Accept or Content-Type: http-media.ts).
import { cheapRequest } from '../../harness/lifecycles/sample-requests.js';
import { proveRead } from '../shared/barrier.js';
import { expectBodyRefused } from '../shared/refused-body.js';
import { foreignHostRefused, isLoopbackTarget } from '../shared/host-header.js';
import { NO_ANSWER_EXPECTED, notifyUnanswerable } from '../shared/unanswered.js';
import { defineArea, type CheckContext } from '../../harness/checks/check.js';
import { expectError, expectHttpStatus, expectResult, expectThat, observed } from '../../harness/checks/expect.js';
import { encodeHeaderValue, headerParams, type HeaderParam } from '../../harness/lifecycles/http-headers.js';
import { LOG_LEVEL_KEY, PROTOCOL_VERSION_KEY } from '../../harness/lifecycles/meta.js';
import { describeOutcome, offers } from '../../harness/lifecycles/profile.js';
import {
  findProgressCall,
  offeredCalls,
  sampleArguments,
  sampleValue,
  type OfferedCall,
} from '../../harness/lifecycles/sample-requests.js';
import type { StatelessClient } from '../../harness/lifecycles/stateless-client.js';
import { isObject, isRequest, isResponse, type JsonObject } from '../../harness/model.js';
import { idKey, type Exchange } from '../../harness/lifecycles/exchange.js';
import { isDualEra, servesLegacyVersion } from './kit/era.js';
import { mediaTypeChecks } from './kit/http-media.js';
import { callableTools } from './kit/tool-calls.js';

const HTTP = 'basic/transports/streamable-http';
const VALIDATION = `${HTTP}#server-validation`;
const CUSTOM_HEADERS = `${HTTP}#server-behavior-for-custom-headers`;
const LEGACY_TRAFFIC = `${HTTP}#earlier-streamable-http-revisions`;
const RECEIVING = `${HTTP}#receiving-messages`;

export default defineArea('2026-07-28', 'http', [
  {
    slug: 'method-header-required',
    title: 'A request without Mcp-Method gets 400 and -32020',
    requirement:
      'Mcp-Method is required on every request; a request without it MUST be rejected with HTTP 400 and JSON-RPC error -32020 (HeaderMismatch).',
    level: 'MUST',
    spec: `${HTTP}#standard-request-headers`,
    catalog: ['HTTP-014', 'HTTP-020', 'HTTP-021'],
    transports: ['http'],
    async run(ctx) {
      expectHeaderMismatch(
        await ctx.client.request(cheapRequest(ctx.profile, ctx.revision), {}, { headers: { 'mcp-method': null } }),
        'without Mcp-Method',
      );
    },
  },
  {
    slug: 'method-header-mismatch',
    title: 'An Mcp-Method that differs from the body method gets 400 and -32020',
    requirement:
      'Servers MUST reject a request whose Mcp-Method header differs from the body method with HTTP 400 and -32020.',
    level: 'MUST',
    spec: VALIDATION,
    catalog: ['HTTP-014', 'HTTP-020'],
    transports: ['http'],
    async run(ctx) {
      const method = cheapRequest(ctx.profile, ctx.revision);
      const other = method === 'server/discover' ? 'tools/list' : 'server/discover';
      expectHeaderMismatch(
        await ctx.client.request(method, {}, { headers: { 'mcp-method': other } }),
        `with Mcp-Method ${other} for a ${method} body`,
      );
    },
  },
  {
    slug: 'name-header-required',
    title: 'tools/call, prompts/get and resources/read without Mcp-Name get 400 and -32020',
    requirement:
      'Mcp-Name (params.name, or params.uri for resources/read) is required on tools/call, prompts/get and resources/read; without it the server MUST answer 400 with -32020.',
    level: 'MUST',
    spec: `${HTTP}#standard-request-headers`,
    catalog: ['HTTP-015', 'HTTP-020'],
    transports: ['http'],
    async run(ctx) {
      for (const call of namedCalls(ctx))
        expectHeaderMismatch(
          await ctx.client.request(call.method, call.params, { headers: { 'mcp-name': null } }),
          `${call.label} without Mcp-Name`,
        );
    },
  },
  {
    slug: 'name-header-mismatch',
    title: 'An Mcp-Name that differs from the body gets 400 and -32020',
    requirement: 'A request whose Mcp-Name differs from params.name / params.uri MUST be rejected with 400 and -32020.',
    level: 'MUST',
    spec: VALIDATION,
    catalog: ['HTTP-015', 'HTTP-020'],
    transports: ['http'],
    async run(ctx) {
      for (const call of namedCalls(ctx))
        expectHeaderMismatch(
          await ctx.client.request(call.method, call.params, { headers: { 'mcp-name': 'mcp-conform-other-name' } }),
          `${call.label} with another Mcp-Name`,
        );
    },
  },
  {
    slug: 'name-header-base64',
    title: 'A Base64-encoded Mcp-Name is decoded before it is compared',
    requirement:
      'Servers MUST decode an Mcp-Name in the =?base64?...?= form before comparing it with the body: the encoded right name is accepted, an encoded wrong name gets 400 and -32020.',
    level: 'MUST',
    spec: `${HTTP}#value-encoding`,
    catalog: ['HTTP-016'],
    transports: ['http'],
    async run(ctx) {
      for (const call of namedCalls(ctx)) {
        const name = String(call.params.name ?? call.params.uri);
        expectNoHeaderMismatch(
          await ctx.client.request(call.method, call.params, { headers: { 'mcp-name': base64Sentinel(name) } }),
          `${call.label} with Mcp-Name ${base64Sentinel(name)}`,
        );
        expectHeaderMismatch(
          await ctx.client.request(call.method, call.params, {
            headers: { 'mcp-name': base64Sentinel(`${name}-other`) },
          }),
          `${call.label} with a Base64 Mcp-Name of another name`,
        );
      }
    },
  },
  {
    slug: 'header-names-case-insensitive',
    title: 'Header names are matched case-insensitively',
    requirement: 'Servers MUST compare header names case-insensitively: MCP-METHOD and mcp-method are the same header.',
    level: 'MUST',
    spec: `${HTTP}#case-sensitivity`,
    catalog: ['HTTP-017'],
    transports: ['http'],
    async run(ctx) {
      const method = cheapRequest(ctx.profile, ctx.revision);
      const headers = { 'MCP-METHOD': method, 'mCp-PrOtOcOl-VeRsIoN': '2026-07-28' };
      expectResult(
        await ctx.client.request(method, {}, { headers }),
        `a result for ${method} sent with header names MCP-METHOD and mCp-PrOtOcOl-VeRsIoN`,
      );
    },
  },
  {
    slug: 'header-values-case-sensitive',
    title: 'Header values are compared case-sensitively',
    requirement:
      'Header values such as method names are case-sensitive: Mcp-Method TOOLS/LIST does not match body method tools/list, so 400 and -32020.',
    level: 'MUST',
    spec: `${HTTP}#case-sensitivity`,
    catalog: ['HTTP-017', 'HTTP-020'],
    transports: ['http'],
    async run(ctx) {
      const method = cheapRequest(ctx.profile, ctx.revision);
      expectHeaderMismatch(
        await ctx.client.request(method, {}, { headers: { 'mcp-method': method.toUpperCase() } }),
        `with Mcp-Method ${method.toUpperCase()} for ${method}`,
      );
    },
  },
  {
    slug: 'protocol-version-header-missing',
    title: 'A request without MCP-Protocol-Version gets 400 and -32020 (unless the server serves 2025-03-26)',
    requirement:
      'Every POST carries MCP-Protocol-Version; a server that does not support pre-2025-06-18 clients MUST reject a request without it (400, -32020); one that does MAY treat it as 2025-03-26. A server supports 2025-03-26 when server/discover lists it or an initialize asking for it negotiates it.',
    level: 'MUST',
    spec: `${HTTP}#protocol-version-header`,
    catalog: ['HTTP-011', 'HTTP-020'],
    transports: ['http'],
    async run(ctx) {
      const exchange = await ctx.client.request(
        cheapRequest(ctx.profile, ctx.revision),
        {},
        { headers: { 'mcp-protocol-version': null } },
      );
      const oldest = await servesLegacyVersion(ctx, '2025-03-26');
      if (oldest.serves) {
        expectThat(
          exchange.http !== undefined && exchange.http.status < 500,
          `without MCP-Protocol-Version: ${describeOutcome(exchange)}`,
          {
            expected: 'a 2025-03-26 answer or 400/-32020',
            actual: observed(exchange),
          },
        );
        ctx.note(`${oldest.because}, so it may treat a request without the header as 2025-03-26`);
        return;
      }
      expectHeaderMismatch(exchange, 'without MCP-Protocol-Version');
    },
  },
  {
    slug: 'protocol-version-header-mismatch',
    title: 'An MCP-Protocol-Version that differs from the body version gets 400 and -32020',
    requirement:
      'The MCP-Protocol-Version header MUST match _meta io.modelcontextprotocol/protocolVersion; otherwise the server MUST answer 400 with HeaderMismatch (-32020).',
    level: 'MUST',
    spec: `${HTTP}#protocol-version-header`,
    catalog: ['HTTP-010', 'HTTP-020', 'VER-012'],
    transports: ['http'],
    async run(ctx) {
      const method = cheapRequest(ctx.profile, ctx.revision);
      expectHeaderMismatch(
        await ctx.client.request(method, {}, { headers: { 'mcp-protocol-version': '1900-01-01' } }),
        'with header 1900-01-01 and body 2026-07-28',
      );
      const exchange = await ctx.client.request(
        method,
        {},
        { meta: { [PROTOCOL_VERSION_KEY]: '1900-01-01' }, headers: { 'mcp-protocol-version': '2026-07-28' } },
      );
      expectHeaderMismatch(exchange, 'with header 2026-07-28 and body 1900-01-01');
    },
  },
  {
    slug: 'param-header-required',
    title: 'A missing or different Mcp-Param-* header gets 400 and -32020',
    requirement:
      'When the body has a value for an x-mcp-header parameter, its Mcp-Param-{Name} header is required and MUST match; a missing or different header gets 400 and -32020.',
    level: 'MUST',
    spec: CUSTOM_HEADERS,
    catalog: ['HTTP-018', 'HTTP-020'],
    transports: ['http'],
    async run(ctx) {
      const { tool, param } = headerParamOrSkip(ctx, () => true);
      const args = argumentsWith(tool, param);
      const header = `mcp-param-${param.name.toLowerCase()}`;
      const call = { name: tool.name, arguments: args };
      expectHeaderMismatch(
        await ctx.client.request('tools/call', call, { headers: { [header]: null } }),
        `tools/call ${String(tool.name)} without ${header}`,
      );
      expectHeaderMismatch(
        await ctx.client.request('tools/call', call, { headers: { [header]: otherValue(valueAt(args, param)) } }),
        `tools/call ${String(tool.name)} with a different ${header}`,
      );
    },
  },
  {
    slug: 'param-header-absent-value',
    title: 'No Mcp-Param-* header is expected when the argument is absent or null',
    requirement:
      'When an x-mcp-header parameter is null or not in the arguments, the client omits the header and the server MUST NOT expect it (no -32020; other errors are fine).',
    level: 'MUST',
    spec: CUSTOM_HEADERS,
    catalog: ['HTTP-018'],
    transports: ['http'],
    async run(ctx) {
      const { tool, param } = headerParamOrSkip(ctx, () => true);
      const header = `mcp-param-${param.name.toLowerCase()}`;
      for (const [how, value] of [
        ['left out', undefined],
        ['null', null],
      ] as const) {
        const args = setAt(sampleArguments(tool.inputSchema), param.path, value);
        const exchange = await ctx.client.request(
          'tools/call',
          { name: tool.name, arguments: args },
          { headers: { [header]: null } },
        );
        expectNoHeaderMismatch(
          exchange,
          `tools/call ${String(tool.name)} with ${param.path.join('.')} ${how} and no ${header}`,
        );
      }
    },
  },
  {
    slug: 'param-header-invalid-characters',
    title: 'An Mcp-Param-* header with characters outside visible ASCII gets 400 and -32020',
    requirement:
      'Servers MUST reject a recognised Mcp-Param-{Name} header that contains invalid characters (anything but visible ASCII, space and tab) with 400 and -32020.',
    level: 'MUST',
    spec: CUSTOM_HEADERS,
    catalog: ['HTTP-018', 'HTTP-020'],
    transports: ['http'],
    async run(ctx) {
      const { tool, param } = headerParamOrSkip(
        ctx,
        (schema) => schema.type === 'string' && !Array.isArray(schema.enum) && schema.pattern === undefined,
      );
      const value = 'caf\u00e9-mcp-conform'; // é goes out as the single byte 0xE9
      const args = setAt(argumentsWith(tool, param), param.path, value);
      const exchange = await ctx.client.request(
        'tools/call',
        { name: tool.name, arguments: args },
        { headers: { [`mcp-param-${param.name.toLowerCase()}`]: value } },
      );
      expectHeaderMismatch(exchange, `tools/call ${String(tool.name)} with a raw non-ASCII Mcp-Param-${param.name}`);
    },
  },
  {
    slug: 'param-header-numeric',
    title: 'Integer Mcp-Param-* values are compared as numbers',
    requirement:
      'When validating integer parameter values, servers SHOULD compare header and body numerically: 42.0 in the header matches 42 in the body.',
    level: 'SHOULD',
    spec: VALIDATION,
    catalog: ['HTTP-019'],
    transports: ['http'],
    async run(ctx) {
      const { tool, param } = headerParamOrSkip(ctx, (schema) => schema.type === 'integer');
      const args = argumentsWith(tool, param);
      const header = `${String(valueAt(args, param))}.0`;
      const exchange = await ctx.client.request(
        'tools/call',
        { name: tool.name, arguments: args },
        { headers: { [`mcp-param-${param.name.toLowerCase()}`]: header } },
      );
      expectNoHeaderMismatch(
        exchange,
        `tools/call ${String(tool.name)} with Mcp-Param-${param.name}: ${header} for ${String(valueAt(args, param))}`,
      );
    },
  },
  {
    slug: 'get-delete-not-allowed',
    title: 'GET and DELETE on the MCP endpoint get 405',
    requirement:
      'The GET stream and sessions are gone: a server of this revision SHOULD answer GET and DELETE with 405 Method Not Allowed (a dual-era server may instead give them 2025-11-25 meaning: 400, 404, or a GET event stream).',
    level: 'SHOULD',
    spec: LEGACY_TRAFFIC,
    catalog: ['HTTP-002'],
    transports: ['http'],
    async run(ctx) {
      for (const httpMethod of ['GET', 'DELETE'] as const) {
        const exchange = await ctx.client.sendRaw('', {
          httpMethod,
          headers: { accept: 'text/event-stream', 'mcp-protocol-version': '2026-07-28' },
          timeoutMs: 1000,
        });
        await proveRead(ctx.client, exchange, `${httpMethod} on the endpoint`); // no status in time decides nothing
        const status = exchange.http?.status;
        const legacyMeaning =
          status === 400 ||
          status === 404 ||
          (httpMethod === 'GET' && status === 200 && exchange.http?.contentType === 'text/event-stream');
        const legacyAnswer = legacyMeaning && (await isDualEra(ctx));
        expectThat(
          status === 405 || legacyAnswer,
          `${httpMethod} on the endpoint got ${status === undefined ? describeOutcome(exchange) : `HTTP ${status}`}`,
          {
            expected: 'HTTP 405',
            actual: observed(exchange),
          },
        );
      }
    },
  },
  {
    slug: 'session-id-ignored',
    title: 'An Mcp-Session-Id header is ignored and never echoed',
    requirement:
      'Sessions do not exist in this revision: the server SHOULD ignore an incoming Mcp-Session-Id header (serve the request normally) and SHOULD NOT mint or echo session ids.',
    level: 'SHOULD',
    spec: LEGACY_TRAFFIC,
    catalog: ['HTTP-003'],
    transports: ['http'],
    async run(ctx) {
      const exchange = await ctx.client.request(
        cheapRequest(ctx.profile, ctx.revision),
        {},
        { headers: { 'mcp-session-id': 'mcp-conform-not-a-session' } },
      );
      expectResult(exchange, 'a result for a modern request that carries Mcp-Session-Id');
      const echoed = exchange.http?.headers['mcp-session-id'];
      expectThat(echoed === undefined, `the response carries Mcp-Session-Id ${JSON.stringify(echoed)}`, {
        expected: 'no Mcp-Session-Id header',
        actual: exchange.http?.headers,
      });
    },
  },
  {
    slug: 'last-event-id-ignored',
    title: 'A Last-Event-ID header is ignored',
    requirement:
      'Streams are not resumable in this revision; a server SHOULD ignore a Last-Event-ID header and serve the request normally.',
    level: 'SHOULD',
    spec: LEGACY_TRAFFIC,
    catalog: ['HTTP-004'],
    transports: ['http'],
    async run(ctx) {
      expectResult(
        await ctx.client.request(cheapRequest(ctx.profile, ctx.revision), {}, { headers: { 'last-event-id': '1' } }),
        'a result for a request that carries Last-Event-ID',
      );
    },
  },
  {
    slug: 'origin-validated',
    title: 'A foreign Origin gets 403; a request without Origin is served',
    requirement:
      'Servers MUST validate Origin: one that is present and invalid MUST get 403 Forbidden; a request without Origin is not refused for it.',
    level: 'MUST',
    spec: `${HTTP}#security--endpoint`,
    catalog: ['HTTP-008', 'HTTP-021'],
    transports: ['http'],
    async run(ctx) {
      const method = cheapRequest(ctx.profile, ctx.revision);
      const foreign = await ctx.client.request(method, {}, { headers: { origin: 'http://mcp-conform.evil.example' } });
      if (foreign.http?.status !== 403) {
        const why = `a request with Origin http://mcp-conform.evil.example got ${describeOutcome(foreign)} (HTTP ${foreign.http?.status})`;
        if (!isLoopbackTarget(ctx.client))
          ctx.warn(`${why}; a remote server may allow every origin, so this is a warning`, {
            expected: 'HTTP 403',
            actual: observed(foreign),
          });
        ctx.fail(why, { expected: 'HTTP 403 for a local server', actual: observed(foreign) });
      }
      expectResult(
        await ctx.client.request(method, {}, { headers: { origin: null } }),
        'a result for a request without Origin',
      );
    },
  },
  foreignHostRefused(`${HTTP}#security--endpoint`, ['HTTP-008']),
  {
    slug: 'response-media-type',
    title: 'A request is answered with application/json (one response) or text/event-stream',
    requirement:
      'A POST carrying a request MUST be answered with Content-Type application/json (a single JSON-RPC response with the request id) or text/event-stream (an SSE stream for it).',
    level: 'MUST',
    spec: `${HTTP}#sending-messages`,
    catalog: ['HTTP-005', 'HTTP-001'],
    transports: ['http'],
    async run(ctx) {
      const progress = await findProgressCall(ctx.client, ctx.profile, callableTools(ctx).tools);
      const exchanges = [await ctx.client.request('server/discover')];
      if (progress)
        exchanges.push(
          await ctx.client.request(progress.method, progress.params, {
            meta: { progressToken: 'mcp-conform-media-type' },
          }),
        );
      for (const exchange of exchanges) {
        const type = exchange.http?.contentType;
        expectThat(
          type === 'application/json' || type === 'text/event-stream',
          `${exchange.method} was answered with Content-Type ${JSON.stringify(type)}`,
          {
            expected: 'application/json or text/event-stream',
            actual: exchange.http,
          },
        );
        expectThat(
          exchange.response !== undefined && !exchange.idTypeMismatch,
          `${exchange.method}: the ${type} body holds no response with the request id`,
          {
            expected: `a response with id ${JSON.stringify(exchange.id)}`,
            actual: observed(exchange),
          },
        );
      }
    },
  },
  ...mediaTypeChecks,
  {
    slug: 'sse-only-related-messages',
    title: 'An SSE answer carries related notifications and exactly one response, no requests',
    requirement:
      "On a request's SSE stream, notifications before the response MUST relate to that request, the server MUST NOT send requests, and the stream carries the one JSON-RPC response with the request id; every event is a JSON-RPC message.",
    level: 'MUST',
    spec: RECEIVING,
    catalog: ['HTTP-006'],
    transports: ['http'],
    async run(ctx) {
      const { exchange, token } = await sseAnswer(ctx);
      const responses = exchange.messages.filter(isResponse);
      expectThat(
        responses.length === 1 && idKey(responses[0].id) === idKey(exchange.id),
        `the stream carried ${responses.length} response(s)`,
        {
          expected: `one response with id ${JSON.stringify(exchange.id)}`,
          actual: responses,
        },
      );
      const requests = exchange.messages.filter(isRequest);
      expectThat(requests.length === 0, `the stream carried ${requests.length} request(s)`, {
        expected: 'no requests',
        actual: requests,
      });
      const unrelated = exchange.notifications.filter((message) => !relatesTo(message, exchange, token));
      expectThat(
        unrelated.length === 0,
        `the stream carried notification(s) unrelated to the request: ${unrelated.map((m) => m.method).join(', ')}`,
        {
          expected: 'notifications of this request only',
          actual: unrelated,
        },
      );
      expectThat(
        (exchange.http?.sse?.malformedEvents ?? 0) === 0,
        `${exchange.http?.sse?.malformedEvents} SSE event(s) held no JSON-RPC message`,
        {
          expected: 'JSON in every event',
          actual: exchange.http?.sse,
        },
      );
    },
  },
  {
    slug: 'sse-ends-after-response',
    title: 'An SSE answer ends after its response',
    requirement: "The final JSON-RPC response SHOULD terminate the request's SSE stream.",
    level: 'SHOULD',
    spec: RECEIVING,
    catalog: ['HTTP-006'],
    transports: ['http'],
    async run(ctx) {
      const { exchange } = await sseAnswer(ctx);
      expectThat(exchange.http?.sse?.endedAfterResponse === true, 'the SSE stream stayed open after the response', {
        expected: 'the stream ends after the response',
        actual: exchange.http?.sse,
      });
    },
  },
  {
    slug: 'sse-no-buffering-header',
    title: 'SSE answers carry X-Accel-Buffering: no',
    requirement:
      'When starting an SSE stream, servers SHOULD include X-Accel-Buffering: no so proxies deliver events at once.',
    level: 'SHOULD',
    spec: RECEIVING,
    catalog: ['HTTP-022'],
    transports: ['http'],
    async run(ctx) {
      const { exchange } = await sseAnswer(ctx);
      const value = exchange.http?.headers['x-accel-buffering'];
      expectThat(
        value?.trim().toLowerCase() === 'no',
        `the SSE answer has X-Accel-Buffering ${JSON.stringify(value)}`,
        { expected: 'X-Accel-Buffering: no', actual: exchange.http?.headers },
      );
    },
  },
  {
    slug: 'notification-accepted',
    title: 'A notification POST gets 202 with no body, or an HTTP error',
    requirement:
      'A POSTed notification that the server accepts MUST get 202 Accepted with no body; one it cannot accept MUST get an HTTP error status (a 4xx), its body at most a JSON-RPC error without an id.',
    level: 'MUST',
    spec: `${HTTP}#sending-messages`,
    catalog: ['HTTP-007', 'HTTP-021'],
    transports: ['http'],
    async run(ctx) {
      const { reading, said, exchange } = await notifyUnanswerable(ctx.client, 'notifications/cancelled', {
        requestId: 'mcp-conform-nothing-to-cancel',
      });
      expectThat(reading === 'unanswered' || reading === 'refused', `a notification POST got ${said}`, {
        expected: NO_ANSWER_EXPECTED,
        actual: observed(exchange),
      });
    },
  },
  {
    slug: 'batch-rejected',
    title: 'A JSON-RPC batch or a response object in the POST body is refused, not processed',
    requirement:
      'The body of a POST MUST be one JSON-RPC request or notification (no batches, no responses); how a server refuses anything else is not specified, so a 4xx or -32600 is expected and a 5xx or a processed batch is reported (a warning).',
    level: 'SHOULD',
    spec: `${HTTP}#sending-messages`,
    catalog: ['HTTP-023'],
    transports: ['http'],
    async run(ctx) {
      const request = ctx.client.buildMessage('server/discover', {}, {}, 'mcp-conform-batched');
      const bodies: Array<[string, unknown]> = [
        ['a batch (array) of one request', [request]],
        ['a JSON-RPC response object', { jsonrpc: '2.0', id: 'mcp-conform-stray', result: { resultType: 'complete' } }],
      ];
      for (const [what, body] of bodies) {
        const exchange = await ctx.client.sendRaw(JSON.stringify(body), {
          headers: { 'mcp-method': 'server/discover' },
          timeoutMs: 2000,
        });
        await expectBodyRefused(ctx.client, exchange, what);
      }
    },
  },
]);

function expectHeaderMismatch(exchange: Exchange, what: string): void {
  expectError(exchange, -32020, `JSON-RPC error -32020 (HeaderMismatch) for a request ${what}`);
  expectHttpStatus(exchange, 400);
}

/** The headers were fine: whatever else happened, it is not a header mismatch. */
function expectNoHeaderMismatch(exchange: Exchange, what: string): void {
  const code = isObject(exchange.response?.error) ? exchange.response!.error.code : undefined;
  expectThat(exchange.response !== undefined && code !== -32020, `${what} got ${describeOutcome(exchange)}`, {
    expected: 'no -32020: the header matches the body',
    actual: observed(exchange),
  });
}

function base64Sentinel(value: string): string {
  return `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** One request per named method the server offers (tools/call, prompts/get, resources/read). */
function namedCalls(ctx: CheckContext<StatelessClient>): OfferedCall[] {
  const calls = offeredCalls(ctx.profile, callableTools(ctx).tools);
  const firsts = ['tools/call', 'prompts/get', 'resources/read']
    .map((method) => calls.find((call) => call.method === method))
    .filter((c): c is OfferedCall => c !== undefined);
  if (firsts.length === 0) ctx.skip('server lists no tools, prompts or resources, so no request needs Mcp-Name');
  return firsts;
}

function headerParamOrSkip(
  ctx: CheckContext<StatelessClient>,
  fits: (schema: JsonObject) => boolean,
): { tool: JsonObject; param: HeaderParam } {
  for (const tool of callableTools(ctx).tools) {
    const param = headerParams(tool.inputSchema).find((p) => fits(propertyAt(tool.inputSchema, p.path)));
    if (param && typeof tool.name === 'string') return { tool, param };
  }
  ctx.skip(
    `no tool this run may call (--tool-calls ${ctx.toolCallPolicy ?? 'safe'}) has a fitting x-mcp-header parameter`,
  );
}

function propertyAt(schema: unknown, path: string[]): JsonObject {
  let current: unknown = schema;
  for (const key of path)
    current = isObject(current) && isObject(current.properties) ? current.properties[key] : undefined;
  return isObject(current) ? current : {};
}

function valueAt(args: JsonObject, param: HeaderParam): unknown {
  let current: unknown = args;
  for (const key of param.path) current = isObject(current) ? current[key] : undefined;
  return current;
}

function setAt(args: JsonObject, path: string[], value: unknown): JsonObject {
  const out: JsonObject = { ...args };
  if (path.length === 1) {
    if (value === undefined) delete out[path[0]];
    else out[path[0]] = value;
    return out;
  }
  out[path[0]] = setAt(isObject(args[path[0]]) ? (args[path[0]] as JsonObject) : {}, path.slice(1), value);
  return out;
}

/** Sample arguments that certainly carry a value for the header parameter. */
function argumentsWith(tool: JsonObject, param: HeaderParam): JsonObject {
  const args = sampleArguments(tool.inputSchema);
  const present = valueAt(args, param);
  return present === undefined || present === null
    ? setAt(args, param.path, sampleValue(propertyAt(tool.inputSchema, param.path)))
    : args;
}

function otherValue(value: unknown): string {
  if (typeof value === 'number') return String(value + 1);
  if (typeof value === 'boolean') return String(!value);
  return encodeHeaderValue(`${String(value)}-other`);
}

/**
 * A request answered over SSE: servers stream when a request has notifications to send, so try
 * the progress tool with a token, then callable tools with a token and logLevel debug.
 */
async function sseAnswer(ctx: CheckContext<StatelessClient>): Promise<{ exchange: Exchange; token: string }> {
  const tools = callableTools(ctx).tools;
  const progress = await findProgressCall(ctx.client, ctx.profile, tools);
  const calls = [
    ...(progress ? [progress] : []),
    ...offeredCalls(ctx.profile, tools)
      .filter((call) => call.method === 'tools/call')
      .slice(0, 5),
  ];
  const token = `mcp-conform-sse-${ctx.check.slug}`;
  const meta = { progressToken: token, ...(offers(ctx.profile, 'logging') ? { [LOG_LEVEL_KEY]: 'debug' } : {}) };
  for (const call of calls) {
    const exchange = await ctx.client.request(call.method, call.params, { meta });
    if (exchange.http?.contentType === 'text/event-stream') return { exchange, token };
  }
  ctx.skip(
    `none of ${calls.length} tool call(s) this run may make (with a progress token${meta[LOG_LEVEL_KEY] ? ' and logLevel debug' : ''}) was answered with an SSE stream`,
  );
}

/** Notifications that belong on this request's stream: its progress, log messages, nothing tagged for a subscription. */
function relatesTo(message: JsonObject, exchange: Exchange, token: string): boolean {
  const params = isObject(message.params) ? message.params : {};
  if (isObject(params._meta) && 'io.modelcontextprotocol/subscriptionId' in params._meta) return false;
  if (message.method === 'notifications/progress') return params.progressToken === token;
  if (message.method === 'notifications/message') return true;
  if (message.method === 'notifications/cancelled') return idKey(params.requestId) === idKey(exchange.id);
  return false;
}
