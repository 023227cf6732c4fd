// 2026-07-28 completion verdicts of the SDK servers that are not passes.
import type { AreaExpectations } from './types.js';

const ERRORS = 'https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/completion#error-handling';

const invalidRefAsInternalError = {
  verdict: 'warn' as const,
  why: `${ERRORS}: "Servers SHOULD return standard JSON-RPC errors for common failure cases" (invalid params: -32602; JSON-RPC 2.0 defines -32602 as "Invalid method parameter(s)"). The v2 SDK answers completion/complete with ref.type "ref/tool" by -32603 whose message is the raw zod validation report.`,
};

export const EXPECTED: AreaExpectations = {
  'v2-stdio': { '2026-07-28/completion/malformed-request': invalidRefAsInternalError },
  'v2-http': { '2026-07-28/completion/malformed-request': invalidRefAsInternalError },
};
