// 2025-11-25 JSON-RPC error behaviour.
import { defineArea } from '../../harness/checks/check.js';
import { expectError } from '../../harness/checks/expect.js';

export default defineArea('2025-11-25', 'errors', [
  {
    slug: 'method-not-found',
    title: 'An unknown method gets -32601',
    requirement: 'A request for a method the server does not implement gets the JSON-RPC 2.0 error -32601 (Method not found).',
    level: 'SHOULD',
    spec: 'basic#messages',
    catalog: ['RPC-010'],
    async run(ctx) {
      expectError(await ctx.client.request('x-mcp-conform/does-not-exist', {}), -32601);
    },
  },
]);
