// 2026-07-28 rules that hold for every message of the run.
import { defineArea } from '../../harness/checks/check.js';
import type { StatelessClient } from '../../harness/lifecycles/stateless-client.js';
import { isRequest } from '../../harness/model.js';
import { requestsAnsweredCheck, responsesMatchRequestsCheck, schemaCheck } from '../shared/wire-checks.js';
import { modernConnections, serverMessages, where } from '../shared/wire-pairs.js';
import { utf8RoundTrip } from './kit/utf8.js';

export default defineArea('2026-07-28', 'wire', [
  schemaCheck<StatelessClient>('basic#messages', ['RPC-001', 'RPC-004', 'RPC-005', 'META-015']),
  responsesMatchRequestsCheck<StatelessClient>('basic#result-responses', ['RPC-003', 'RPC-006']),
  requestsAnsweredCheck<StatelessClient>('basic#messages', ['RPC-001']),
  {
    slug: 'no-server-requests',
    title: 'The server never sends a JSON-RPC request (stdout or SSE)',
    requirement:
      'Servers MUST NOT initiate JSON-RPC requests: on stdio they MUST NOT write requests to stdout, on HTTP none travel on a stream; sampling, elicitation and roots go through MRTR input_required results. Checked over every server message of the run.',
    level: 'MUST',
    spec: 'basic/patterns/mrtr#multi-round-trip-requests',
    catalog: ['RPC-013', 'STDIO-004', 'MRTR-014'],
    phase: 'post',
    async run(ctx) {
      // Connections that ran the 2025-11-25 handshake (dual-era checks) may carry legacy server requests.
      const modern = modernConnections(ctx.wire.entries);
      const requests = serverMessages(ctx.wire.entries).filter(
        ({ entry, message }) => modern.has(entry.connection) && isRequest(message),
      );
      if (requests.length === 0) return;
      const methods = [...new Set(requests.map(({ message }) => String(message.method)))];
      ctx.fail(`the server sent ${requests.length} JSON-RPC request(s): ${methods.slice(0, 5).join(', ')}`, {
        expected: 'responses and notifications only; client input requested through MRTR results',
        actual: requests.slice(0, 10).map(({ entry, message }) => ({ ...where(entry), message })),
      });
    },
  },
  utf8RoundTrip,
]);
