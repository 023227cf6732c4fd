// Every fuzz campaign of every revision, in the order they run: the fuzz twin of index.ts, so the
// CLI, the tests and the benchmark reach it without importing a command.
import type { Campaign } from '../harness/fuzz/property.js';
import { CAMPAIGNS_2025 } from './2025-11-25/fuzz/index.js';
import { CAMPAIGNS_2026 } from './2026-07-28/fuzz/index.js';

export const ALL_CAMPAIGNS: readonly Campaign[] = [...CAMPAIGNS_2026, ...CAMPAIGNS_2025];
