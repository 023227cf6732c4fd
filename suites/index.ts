// Every check of every revision, in the order they run and are reported.
import type { Check } from '../harness/checks/check.js';
import lifecycle2026 from './2026-07-28/lifecycle.js';
import meta2026 from './2026-07-28/meta.js';
import errors2026 from './2026-07-28/errors.js';
import stdio2026 from './2026-07-28/stdio.js';
import wire2026 from './2026-07-28/wire.js';
import lifecycle2025 from './2025-11-25/lifecycle.js';
import errors2025 from './2025-11-25/errors.js';
import stdio2025 from './2025-11-25/stdio.js';
import wire2025 from './2025-11-25/wire.js';

export const ALL_CHECKS: readonly Check[] = [
  ...lifecycle2026,
  ...meta2026,
  ...errors2026,
  ...stdio2026,
  ...wire2026,
  ...lifecycle2025,
  ...errors2025,
  ...stdio2025,
  ...wire2025,
];

const ids = new Set<string>();
for (const check of ALL_CHECKS) {
  if (ids.has(check.id)) throw new Error(`duplicate check id ${check.id}`);
  ids.add(check.id);
}
