// The 2025-11-25 expectation files and the dual-era one, gathered for expected-verdicts.ts.
import { EXPECTED as BASE_PROTOCOL } from './2025-11-25-base-protocol.js';
import { EXPECTED as FEATURES } from './2025-11-25-features.js';
import { EXPECTED as HTTP } from './2025-11-25-http.js';
import { EXPECTED as LIFECYCLE } from './2025-11-25-lifecycle.js';
import { EXPECTED as DUAL_ERA } from './2026-07-28-dual-era.js';
import type { AreaExpectations } from './types.js';

export const EXPECTED_2025_11_25: AreaExpectations[] = [LIFECYCLE, BASE_PROTOCOL, FEATURES, HTTP];
export const EXPECTED_DUAL_ERA: AreaExpectations = DUAL_ERA;
