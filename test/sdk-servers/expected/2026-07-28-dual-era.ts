// 2026-07-28 dual-era verdicts of the SDK servers that are not passes.
import type { AreaExpectations, Expectation } from './types.js';

const UNDER_REPORTED: Expectation = {
  verdict: 'fail',
  why: 'https://modelcontextprotocol.io/specification/2026-07-28/server/discover: supportedVersions are "Protocol versions the server supports", and https://modelcontextprotocol.io/specification/2026-07-28/basic/versioning#compatibility-matrix has a legacy client fail against a modern-only server. The 2.x server lists only "2026-07-28" in server/discover, yet answers a 2025-11-25 initialize with a result (its legacy fallback): either supportedVersions leaves out 2025-11-25 or initialize should be refused.',
};

export const EXPECTED: AreaExpectations = {
  'v2-stdio': { '2026-07-28/dual-era/modern-only-rejects-initialize': UNDER_REPORTED },
  'v2-http': { '2026-07-28/dual-era/modern-only-rejects-initialize': UNDER_REPORTED },
};
