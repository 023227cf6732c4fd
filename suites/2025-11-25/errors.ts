// 2025-11-25 JSON-RPC error behaviour: unknown methods, text that is not JSON, malformed request
// objects, and the wording of every error the server sends in a session.
import { defineArea } from '../../harness/checks/check.js';
import { expectError } from '../../harness/checks/expect.js';
import type { JsonObject } from '../../harness/model.js';
import { answerRequired, fenceBeforeIdlessAnswer } from '../shared/barrier.js';
import {
  errorMessageCheck,
  errorsIn,
  invalidRequests,
  judgeInvalidRequests,
  judgeParseError,
  truncatedRequest,
} from '../shared/rpc-errors.js';
import { sendAsRaw, sessionEntries } from './kit/helpers.js';

const ping = (envelope: JsonObject): JsonObject => ({ jsonrpc: '2.0', method: 'ping', ...envelope });

export default defineArea('2025-11-25', 'errors', [
  {
    slug: 'method-not-found',
    title: 'An unknown method gets -32601',
    requirement:
      'A request for a method the server does not implement gets the JSON-RPC 2.0 error -32601 (Method not found).',
    level: 'SHOULD',
    spec: 'basic#messages',
    catalog: ['RPC-010'],
    async run(ctx) {
      expectError(await ctx.client.request('x-mcp-conform/does-not-exist', {}), -32601);
    },
  },
  {
    slug: 'parse-error',
    title: 'Text that is not JSON gets -32700 without an id',
    requirement:
      'All messages MUST follow JSON-RPC 2.0, which answers text it cannot parse with Parse error -32700; no id could be read, so the error carries none (the MCP schema leaves id out; JSON-RPC 2.0 writes null, which is warned). Over HTTP an error status with no body is warned: the transport lets input the server cannot accept get one, its body MAY hold the error.',
    level: 'MUST',
    spec: 'basic#error-responses',
    catalog: ['RPC-006', 'RPC-005'],
    exclusive: true, // on stdio an answer without an id belongs to whatever is in flight
    // A server that exits on a line it cannot parse must not take the shared session's other checks with it.
    connection: 'fresh',
    async run(ctx) {
      const text = truncatedRequest('ping') + (ctx.transport === 'stdio' ? '\n' : '');
      await fenceBeforeIdlessAnswer(ctx.client, 'the text that is not JSON');
      judgeParseError(
        ctx,
        await answerRequired(ctx, 'the text that is not JSON', () =>
          ctx.client.sendRaw(text, { expectResponse: true }),
        ),
      );
    },
  },
  {
    slug: 'invalid-request',
    title: 'Malformed request objects get -32600 Invalid Request, and the session goes on',
    requirement:
      'Requests MUST carry a string or integer id (never null), "jsonrpc": "2.0" and a string method; JSON-RPC 2.0 answers an object that is not a valid request with -32600 Invalid Request (derived, so a SHOULD), and ping works afterwards. Each malformed request goes on a session of its own, all at once, so none hides another.',
    level: 'SHOULD',
    levelReason:
      'derived: the MUST binds the sender of a request; the answer JSON-RPC 2.0 gives a bad one has no keyword of its own',
    spec: 'basic#requests',
    catalog: ['RPC-011'],
    exclusive: true,
    connection: 'fresh', // as for parse-error: a crash stays on a session of its own
    async run(ctx) {
      await judgeInvalidRequests(
        ctx,
        invalidRequests(ping, { moreIds: true }),
        (client, message) => sendAsRaw({ ...ctx, client }, message),
        () => [-32600],
      );
    },
  },
  errorMessageCheck(['RPC-015'], "every error of the run's sessions", (ctx) => errorsIn(sessionEntries(ctx))),
]);
