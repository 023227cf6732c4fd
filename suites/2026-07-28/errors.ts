// 2026-07-28 JSON-RPC error behaviour.
import { defineArea } from '../../harness/checks/check.js';
import { expectError, expectHttpStatus } from '../../harness/checks/expect.js';

export default defineArea('2026-07-28', 'errors', [
  {
    slug: 'method-not-found',
    title: 'An unknown method gets -32601 (HTTP 404)',
    requirement:
      'A request for a method the server does not implement gets JSON-RPC error -32601; on Streamable HTTP the server MUST answer 404 Not Found with that JSON-RPC error as the body.',
    level: 'MUST',
    spec: 'basic/transports/streamable-http#protocol-version-header',
    catalog: ['RPC-009', 'HTTP-013'],
    async run(ctx) {
      const exchange = await ctx.client.request('x-mcp-conform/does-not-exist', {});
      expectError(exchange, -32601);
      expectHttpStatus(exchange, 404);
    },
  },
]);
