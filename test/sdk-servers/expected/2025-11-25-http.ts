// 2025-11-25 Streamable HTTP verdicts (sessions, streams, and the schema of HTTP error bodies)
// of the SDK servers that are not passes. The error-body ids are where the spec contradicts
// itself (harness/schema/contradictions.ts): warned, never failed.
import type { AreaExpectations, Expectation } from './types.js';

const TRANSPORTS = 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports';

const NO_PRIMING: Expectation = {
  verdict: 'warn',
  why: `${TRANSPORTS}#sending-messages-to-the-server: "If the server initiates an SSE stream: The server SHOULD immediately send an SSE event consisting of an event ID and an empty data field". The SDK's SSE answers start with the JSON-RPC message and carry no event ids (no event store is configured, as in the docs).`,
};

const NULL_IDS = (origin: string): Expectation => ({
  verdict: 'warn',
  why: `The spec disagrees with itself here: https://modelcontextprotocol.io/specification/2025-11-25/basic#messages has every message follow JSON-RPC 2.0 (https://www.jsonrpc.org/specification#response_object: "If there was an error in detecting the id in the Request object ... it MUST be Null"), while the schema's JSONRPCErrorResponse (https://modelcontextprotocol.io/specification/2025-11-25/schema#jsonrpcerrorresponse) allows only a string or integer id and leaves it out when it could not be read. The HTTP error bodies (${origin}) say "id": null, as JSON-RPC 2.0 does.`,
});

const BATCH_SERVED: Expectation = {
  verdict: 'warn',
  why: `${TRANSPORTS}#sending-messages-to-the-server: "The body of the POST request MUST be a single JSON-RPC request, notification, or response" binds the client; batching left MCP in 2025-06-18 and the spec does not say how a server refuses a batch, so serving one is a warning (the level 2026-07-28/http/batch-rejected gives it). The SDK serves a batch of one ping in a 2025-11-25 session and answers the ping on an event stream: it keeps the batches of 2025-03-26, which it also speaks, for every session.`,
};

export const EXPECTED: AreaExpectations = {
  'v1-http': {
    '2025-11-25/sessions/origin-validated': {
      verdict: 'fail',
      why: `${TRANSPORTS}#security-warning: "Servers MUST validate the Origin header on all incoming connections ... If the Origin header is present and invalid, servers MUST respond with HTTP 403 Forbidden." The 1.x server built as its docs show (createMcpExpressApp with a host, StreamableHTTPServerTransport) answers initialize with Origin http://evil.example.invalid with 200.`,
    },
    '2025-11-25/sessions/batch-rejected': BATCH_SERVED,
    '2025-11-25/streams/sse-priming-event': NO_PRIMING,
    '2025-11-25/wire/schema': NULL_IDS(
      'the SDK transport\'s 400 "Server already initialized" and "Unsupported protocol version", and the fixture\'s own 400/404 session errors written the way the 1.x docs show',
    ),
  },
  'v2-http': {
    '2025-11-25/sessions/batch-rejected': BATCH_SERVED,
    '2025-11-25/streams/sse-priming-event': NO_PRIMING,
    '2025-11-25/wire/schema': NULL_IDS(
      '403 "Invalid Origin" from @modelcontextprotocol/node, 400 "Unsupported protocol version", 405 for GET and DELETE, -32700 and -32600; an invalid request\'s id 1.5 is echoed as sent, which JSON-RPC 2.0 asks for and the schema does not allow',
    ),
  },
};
