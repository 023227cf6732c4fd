// 2025-11-25 Streamable HTTP verdicts (sessions, streams, and the schema of HTTP error bodies)
// of the SDK servers that are not passes.
import type { AreaExpectations, Expectation } from './types.js';

const TRANSPORTS = 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports';

const NO_PRIMING: Expectation = {
  verdict: 'warn',
  why: `${TRANSPORTS}#sending-messages-to-the-server: "If the server initiates an SSE stream: The server SHOULD immediately send an SSE event consisting of an event ID and an empty data field". The SDK's SSE answers start with the JSON-RPC message and carry no event ids (no event store is configured, as in the docs).`,
};

const NULL_IDS = (origin: string): Expectation => ({
  verdict: 'fail',
  why: `https://modelcontextprotocol.io/specification/2025-11-25/basic#error-responses: an error response carries the request's id, or none when it could not be read; the schema's JSONRPCErrorResponse allows a string or integer id only. The HTTP error bodies (${origin}) say "id": null, as JSON-RPC 2.0 does.`,
});

export const EXPECTED: AreaExpectations = {
  'v1-http': {
    '2025-11-25/sessions/origin-validated': {
      verdict: 'fail',
      why: `${TRANSPORTS}#security-warning: "Servers MUST validate the Origin header on all incoming connections ... If the Origin header is present and invalid, servers MUST respond with HTTP 403 Forbidden." The 1.x server built as its docs show (createMcpExpressApp with a host, StreamableHTTPServerTransport) answers initialize with Origin http://evil.example.invalid with 200.`,
    },
    '2025-11-25/streams/sse-priming-event': NO_PRIMING,
    '2025-11-25/wire/schema': NULL_IDS('the SDK transport\'s 400 "Server already initialized" and "Unsupported protocol version", and the fixture\'s own 400/404 session errors written the way the 1.x docs show'),
  },
  'v2-http': {
    '2025-11-25/streams/sse-priming-event': NO_PRIMING,
    '2025-11-25/wire/schema': NULL_IDS('403 "Invalid Origin" from @modelcontextprotocol/node, 400 "Unsupported protocol version", 405 for GET and DELETE'),
  },
};
