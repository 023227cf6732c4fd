// 2026-07-28 cancellation verdicts of the SDK servers that are not passes.
import type { AreaExpectations } from './types.js';

const CANCELLATION = 'https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/cancellation';
const STATELESSNESS = 'https://modelcontextprotocol.io/specification/2026-07-28/basic#statelessness';

// serveStdio() pins a connection's era on the first message after the server/discover probe; a
// notifications/cancelled carries no _meta envelope, so it is taken as 2025-era traffic and the
// process is pinned to the legacy era: server/discover then gets -32601.
const PINNED_BY_CANCEL = `serveStdio() treats the envelope-less notifications/cancelled that follows the server/discover probe as 2025-era traffic and pins the process to the legacy era, after which server/discover (which "Servers MUST implement") is answered -32601; ${STATELESSNESS}: "Servers MUST NOT rely on prior requests over the same connection to establish context (e.g., capabilities, protocol version, client identity)".`;

export const EXPECTED: AreaExpectations = {
  'v2-stdio': {
    '2026-07-28/cancellation/unknown-cancel-ignored': {
      verdict: 'warn',
      why: `${CANCELLATION}#error-handling: "Invalid cancellation notifications SHOULD be ignored" (unknown ids, malformed ones). ${PINNED_BY_CANCEL}`,
    },
    '2026-07-28/cancellation/cancel-race-survived': {
      verdict: 'fail',
      why: `${CANCELLATION}#timing-considerations: cancellations may arrive after the request completed and "Both parties MUST handle these race conditions gracefully". ${PINNED_BY_CANCEL}`,
    },
  },
};
