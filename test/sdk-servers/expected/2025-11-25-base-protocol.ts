// 2025-11-25 base-protocol verdicts (parse errors, malformed requests, error wording) of the SDK
// servers that are not passes.
import type { AreaExpectations, Expectation } from './types.js';

const SPEC = 'https://modelcontextprotocol.io/specification/2025-11-25';
const JSON_RPC = 'https://www.jsonrpc.org/specification#error_object';
const FOLLOW_JSON_RPC = `${SPEC}/basic#messages: "All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification"`;

const STDIO_PARSE_ERROR: Expectation = {
  verdict: 'fail',
  why: `${FOLLOW_JSON_RPC}, whose ${JSON_RPC} answers invalid JSON with -32700 Parse error. Over stdio the SDK drops a line that is not JSON and answers nothing, yet answers the ping sent after it: it read the line and chose silence.`,
};

const STDIO_INVALID_REQUEST: Expectation = {
  verdict: 'warn',
  why: `${SPEC}/basic#requests: "Unlike base JSON-RPC, the ID MUST NOT be null", and JSON-RPC 2.0 (${JSON_RPC}) answers an object that is not a valid request with -32600 Invalid Request. Over stdio the SDK answers none of the malformed requests (id null, 1.5, an object or an array, jsonrpc "1.0" or missing, method 42 or missing): it reports its schema error on stderr and sends nothing, yet answers the ping sent after each. The answer is derived from a sender's MUST, so a SHOULD.`,
};

const ERROR_MESSAGE: Expectation = {
  verdict: 'warn',
  why: `${SPEC}/schema#error: "The message SHOULD be limited to a concise single sentence." The SDK puts its whole schema-validation report (a multi-line JSON dump) into error.message for malformed tools/call, resources/read, completion/complete and logging/setLevel requests.`,
};

export const EXPECTED: AreaExpectations = {
  'v1-stdio': {
    '2025-11-25/errors/parse-error': STDIO_PARSE_ERROR,
    '2025-11-25/errors/invalid-request': STDIO_INVALID_REQUEST,
    '2025-11-25/errors/error-message': ERROR_MESSAGE,
  },
  'v1-http': {
    '2025-11-25/errors/parse-error': {
      verdict: 'warn',
      why: `${FOLLOW_JSON_RPC}, whose ${JSON_RPC} answers invalid JSON with -32700 Parse error, while the transport (${SPEC}/basic/transports#sending-messages-to-the-server) lets input the server cannot accept get "an HTTP error status code (e.g., 400 Bad Request). The HTTP response body MAY comprise a JSON-RPC error response that has no id." The two disagree for a body that is no JSON at all, so an error status alone is warned. The 1.x fixture built as its docs show (createMcpExpressApp) answers with express's HTML "400 Bad Request" page (a SyntaxError stack trace), before the MCP transport sees it.`,
    },
    '2025-11-25/errors/invalid-request': {
      verdict: 'warn',
      why: `JSON-RPC 2.0 (${JSON_RPC}) answers "The JSON sent is not a valid Request object" with -32600 Invalid Request and keeps -32700 for "Invalid JSON"; the SDK's HTTP transport answers well-formed JSON that is not a valid request (id null, no method...) with 400 and -32700 "Parse error: Invalid JSON-RPC message".`,
    },
    '2025-11-25/errors/error-message': ERROR_MESSAGE,
  },
  'v2-stdio': {
    '2025-11-25/errors/parse-error': STDIO_PARSE_ERROR,
    '2025-11-25/errors/invalid-request': STDIO_INVALID_REQUEST,
    '2025-11-25/errors/error-message': ERROR_MESSAGE,
  },
  'v2-http': {
    '2025-11-25/errors/parse-error': {
      verdict: 'warn',
      why: `The spec disagrees with itself here: JSON-RPC 2.0 (${JSON_RPC}) wants "id": null on a parse error, the 2025-11-25 schema (${SPEC}/schema#jsonrpcerrorresponse) types id as string | integer and leaves it out when it could not be read. The SDK sends -32700 with "id": null.`,
    },
    '2025-11-25/errors/error-message': ERROR_MESSAGE,
  },
};
