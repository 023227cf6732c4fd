// What the suites say about the official-SDK fixture servers, beyond passes and skips. Each
// area keeps its own file under expected/, and each entry names the spec sentence the SDK
// misses, so a verdict here is a finding, not a tolerance.
import type { Revision } from '../../harness/model.js';
import { EXPECTED as LIFECYCLE_2026 } from './expected/2026-07-28-lifecycle.js';
import { EXPECTED as BASE_PROTOCOL_2026 } from './expected/2026-07-28-base-protocol.js';
import { EXPECTED as COMPLETION_2026 } from './expected/2026-07-28-completion.js';
import { EXPECTED as CANCELLATION_2026 } from './expected/2026-07-28-cancellation.js';
import { EXPECTED_2025_11_25, EXPECTED_DUAL_ERA } from './expected/2025-11-25-all.js';
import type { AreaExpectations, Expectation, SdkTarget } from './expected/types.js';

export type { SdkTarget } from './expected/types.js';

const AREAS: AreaExpectations[] = [
  LIFECYCLE_2026,
  BASE_PROTOCOL_2026,
  COMPLETION_2026,
  CANCELLATION_2026,
  ...EXPECTED_2025_11_25,
  EXPECTED_DUAL_ERA,
];

export const CLAIMS: Record<SdkTarget, Revision[]> = {
  'v2-stdio': ['2026-07-28', '2025-11-25'],
  'v2-http': ['2026-07-28', '2025-11-25'],
  'v1-stdio': ['2025-11-25'],
  'v1-http': ['2025-11-25'],
};

export function expectedFor(target: SdkTarget): Record<string, Expectation> {
  return Object.assign({}, ...AREAS.map((area) => area[target] ?? {}));
}
