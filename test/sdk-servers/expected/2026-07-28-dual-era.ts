// 2026-07-28 dual-era verdicts of the SDK servers that are not passes: none. The 2.x server lists
// only "2026-07-28" in server/discover and answers a 2025-11-25 initialize; no sentence of the spec
// requires supportedVersions to list versions initialize negotiates, so it is dual-era by what it
// does (suites/2026-07-28/era.ts) and the dual-era checks run and pass.
import type { AreaExpectations } from './types.js';

export const EXPECTED: AreaExpectations = {};
