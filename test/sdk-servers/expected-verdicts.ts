// What the suites say about the official-SDK fixture servers, beyond passes and skips. Each
// entry names the spec sentence the SDK misses, so a verdict here is a finding, not a tolerance.
import type { Revision, Verdict } from '../../harness/model.js';

export type SdkTarget = 'v2-stdio' | 'v2-http' | 'v1-stdio' | 'v1-http';

export interface ExpectedRun {
  claims: Revision[];
  verdicts: Record<string, { verdict: Verdict; why: string }>;
}

const VERSIONING = 'https://modelcontextprotocol.io/specification/2026-07-28/basic/versioning#protocol-version-negotiation';

export const EXPECTED_VERDICTS: Record<SdkTarget, ExpectedRun> = {
  'v2-stdio': {
    claims: ['2026-07-28', '2025-11-25'],
    verdicts: {
      '2026-07-28/lifecycle/discover-unsupported-version': {
        verdict: 'fail',
        why: `${VERSIONING}: "If the server does not implement the requested version ... it MUST respond with an UnsupportedProtocolVersionError". Over stdio the SDK answers server/discover for 1900-01-01 with a DiscoverResult.`,
      },
      '2026-07-28/lifecycle/unsupported-version': {
        verdict: 'fail',
        why: `${VERSIONING}: same MUST; over stdio the SDK serves tools/list for protocol version 1900-01-01 (over HTTP it answers -32022 correctly).`,
      },
      '2026-07-28/lifecycle/unsupported-version-matches-discover': {
        verdict: 'warn',
        why: 'No -32022 comes back over stdio, so data.supported cannot be compared with supportedVersions.',
      },
    },
  },
  'v2-http': { claims: ['2026-07-28', '2025-11-25'], verdicts: {} },
  'v1-stdio': { claims: ['2025-11-25'], verdicts: {} },
  'v1-http': { claims: ['2025-11-25'], verdicts: {} },
};
