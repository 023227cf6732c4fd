// 2025-11-25 lifecycle verdicts of the SDK servers that are not passes.
import type { AreaExpectations } from './types.js';

const INITIALIZATION = 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#initialization';

const SERVED_EARLY = {
  verdict: 'warn' as const,
  why: `${INITIALIZATION}: "The initialization phase MUST be the first interaction between client and server." Over stdio the SDK answers a tools/list sent before initialize with the full tool list. (The check is a SHOULD: the spec names no error for this case.)`,
};

export const EXPECTED: AreaExpectations = {
  'v1-stdio': { '2025-11-25/lifecycle/request-before-initialize': SERVED_EARLY },
  'v2-stdio': { '2025-11-25/lifecycle/request-before-initialize': SERVED_EARLY },
};
