// 2026-07-28 base-protocol verdicts (meta, errors, discover, results, logging) of the SDK
// servers that are not passes.
import type { AreaExpectations } from './types.js';

const SPEC = 'https://modelcontextprotocol.io/specification/2026-07-28';
const JSON_RPC = 'https://www.jsonrpc.org/specification#error_object';

const INVALID_CURSOR = {
  verdict: 'warn' as const,
  why: `${SPEC}/server/utilities/pagination#error-handling: "Invalid cursors SHOULD result in an error with code -32602 (Invalid params)." The SDK answers tools/list with an unknown cursor by the first page.`,
};

const ERROR_MESSAGE = {
  verdict: 'warn' as const,
  why: `${SPEC}/schema#error: "The message SHOULD be limited to a concise single sentence." The SDK puts its whole schema-validation report (a multi-line JSON dump) into error.message for malformed tools/call, prompts/get and completion/complete requests.`,
};

export const EXPECTED: AreaExpectations = {
  'v2-stdio': {
    '2026-07-28/meta/stateless-version': {
      verdict: 'fail',
      why: `${SPEC}/basic/versioning#protocol-version-negotiation: "If the server does not implement the requested version ... it MUST respond with an UnsupportedProtocolVersionError". On the check's fresh connection the SDK refuses the first request for 1900-01-01 with -32022, serves 2026-07-28, then serves 1900-01-01: it relies on the prior request, which ${SPEC}/basic#statelessness rules out (MUST NOT, catalog META-006). The lifecycle expectations record the same defect.`,
    },
    '2026-07-28/errors/parse-error': {
      verdict: 'fail',
      why: `${SPEC}/basic#messages: "All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification", whose ${JSON_RPC} answers invalid JSON with -32700. Over stdio the SDK drops a line that is not JSON and answers nothing, yet answers the ping sent after it: it read the line and chose silence.`,
    },
    '2026-07-28/errors/invalid-request': {
      verdict: 'warn',
      why: `${SPEC}/basic#requests: "Unlike base JSON-RPC, the ID MUST NOT be null", and JSON-RPC 2.0 (${JSON_RPC}) answers an invalid request object with -32600. Over stdio the SDK answers none of the malformed requests (id null or an object, jsonrpc "1.0" or missing, method 42 or missing): it prints its schema error on stderr and sends nothing, yet answers the ping sent after them. The answer is derived from a sender's MUST, so a SHOULD, as in 2025-11-25.`,
    },
    '2026-07-28/results/invalid-cursor': INVALID_CURSOR,
    '2026-07-28/errors/error-message': ERROR_MESSAGE,
  },
  'v2-http': {
    '2026-07-28/errors/parse-error': {
      verdict: 'warn',
      why: `The spec disagrees with itself here: JSON-RPC 2.0 (${JSON_RPC}) wants "id": null on a parse error, the 2026-07-28 schema (${SPEC}/schema#jsonrpcerrorresponse) types id as string | integer and leaves it out. The SDK sends -32700 with "id": null.`,
    },
    '2026-07-28/results/invalid-cursor': INVALID_CURSOR,
    '2026-07-28/errors/error-message': ERROR_MESSAGE,
    '2026-07-28/wire/schema': {
      verdict: 'warn',
      why: `The spec disagrees with itself here: ${SPEC}/basic#messages has every message follow JSON-RPC 2.0 (https://www.jsonrpc.org/specification#response_object: an id that could not be detected "MUST be Null"), while the schema's JSONRPCErrorResponse (${SPEC}/schema#jsonrpcerrorresponse) allows only a string or integer id and leaves it out. The SDK's HTTP transport writes "id": null on its own errors: 405 for GET and DELETE, 403 for a bad Origin, 415 for a body not labelled application/json, -32000 for an unsupported MCP-Protocol-Version, -32600 for a batch or a body that is not a JSON-RPC message, and -32700.`,
    },
    '2026-07-28/errors/unallocated-codes': {
      verdict: 'warn',
      why: `${SPEC}/basic#error-codes: "new implementations SHOULD NOT use codes from this sub-range [-32000 to -32019] at all". The SDK's HTTP transport answers GET/DELETE (405), a bad Origin, a body not labelled application/json (415) and a batch body with JSON-RPC error -32000.`,
    },
  },
};
