// 2025-11-25 feature verdicts (tools, resources, completion, logging, pagination, tasks) of the
// SDK servers that are not passes. Most are one habit of both SDKs: a request that fails the
// SDK's own params validation (zod) is answered -32603 Internal error, not -32602 Invalid params.
import type { AreaExpectations, Expectation } from './types.js';

const SPEC = 'https://modelcontextprotocol.io/specification/2025-11-25';

const warn = (why: string): Expectation => ({ verdict: 'warn', why });

const BOTH_SDKS: Record<string, Expectation> = {
  '2025-11-25/resources/not-found': warn(
    `${SPEC}/server/resources#error-handling: "Resource not found: -32002". The SDK answers an unknown URI with -32602 (the code 2026-07-28 moved to).`,
  ),
  '2025-11-25/resources/read-without-uri': warn(
    `${SPEC}/server/resources#error-handling: servers SHOULD return standard JSON-RPC errors; a ReadResourceRequest without params.uri is invalid params (-32602). The SDK answers -32603 with its zod error text.`,
  ),
  '2025-11-25/completion/missing-argument': warn(
    `${SPEC}/server/utilities/completion#error-handling: "Missing required arguments: -32602". completion/complete without argument gets -32603 with the zod error text.`,
  ),
  '2025-11-25/logging/invalid-level': warn(
    `${SPEC}/server/utilities/logging#error-handling: "Invalid log level: -32602". logging/setLevel "verbose" gets -32603.`,
  ),
  '2025-11-25/pagination/invalid-cursor': warn(
    `${SPEC}/server/utilities/pagination#error-handling: "Invalid cursors SHOULD result in an error with code -32602". The SDK does not paginate and answers any cursor with the whole list.`,
  ),
};

const V1_ONLY: Record<string, Expectation> = {
  '2025-11-25/tools/unknown-tool': warn(
    `${SPEC}/server/tools#error-handling: unknown tools are protocol errors (a JSON-RPC error). The 1.x McpServer returns a result with isError: true and the text "MCP error -32602: Tool ... not found".`,
  ),
  '2025-11-25/tasks/ignored-without-capability': {
    verdict: 'fail',
    why: `${SPEC}/basic/utilities/tasks#task-support-and-handling: "Receivers that do not declare the task capability for a request type MUST process requests of that type normally, ignoring any task-augmentation metadata if present." The 1.x server declares no tasks capability, yet answers a tools/call carrying params.task with -32603 "Server does not support task creation".`,
  },
};

export const EXPECTED: AreaExpectations = {
  'v1-stdio': { ...BOTH_SDKS, ...V1_ONLY },
  'v1-http': { ...BOTH_SDKS, ...V1_ONLY },
  'v2-stdio': BOTH_SDKS,
  'v2-http': BOTH_SDKS,
};
