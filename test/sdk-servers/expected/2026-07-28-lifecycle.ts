// 2026-07-28 lifecycle verdicts of the SDK servers that are not passes.
import type { AreaExpectations } from './types.js';

const VERSIONING =
  'https://modelcontextprotocol.io/specification/2026-07-28/basic/versioning#protocol-version-negotiation';

export const EXPECTED: AreaExpectations = {
  'v2-stdio': {
    '2026-07-28/lifecycle/discover-unsupported-version': {
      verdict: 'fail',
      why: `${VERSIONING}: "If the server does not implement the requested version ... it MUST respond with an UnsupportedProtocolVersionError". Over stdio the SDK answers server/discover for 1900-01-01 with a DiscoverResult once the process has served one other request (raw probe, 2026-12-06: alone on a fresh process it answers -32022; the checks run after other requests on the connection).`,
    },
    '2026-07-28/lifecycle/unsupported-version': {
      verdict: 'fail',
      why: `${VERSIONING}: same MUST; over stdio the SDK serves tools/list for protocol version 1900-01-01 once the process has served one request other than server/discover (alone on a fresh process it answers -32022; over HTTP it always does).`,
    },
    '2026-07-28/lifecycle/unsupported-version-matches-discover': {
      verdict: 'warn',
      why: `${VERSIONING}: "it MUST respond with an UnsupportedProtocolVersionError listing the versions it does support", the versions https://modelcontextprotocol.io/specification/2026-07-28/server/discover#discoverresult names in supportedVersions ("Protocol versions the server supports"). No -32022 comes back over stdio, so data.supported cannot be compared with supportedVersions.`,
    },
  },
};
