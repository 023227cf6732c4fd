// Every check of every revision, in the order they run and are reported.
import type { Check } from '../harness/checks/check.js';
import lifecycle2026 from './2026-07-28/lifecycle.js';
import meta2026 from './2026-07-28/meta.js';
import errors2026 from './2026-07-28/errors.js';
import discover2026 from './2026-07-28/discover.js';
import results2026 from './2026-07-28/results.js';
import logging2026 from './2026-07-28/logging.js';
import tools2026 from './2026-07-28/tools.js';
import resources2026 from './2026-07-28/resources.js';
import prompts2026 from './2026-07-28/prompts.js';
import completion2026 from './2026-07-28/completion.js';
import mrtr2026 from './2026-07-28/mrtr.js';
import cancellation2026 from './2026-07-28/cancellation.js';
import progress2026 from './2026-07-28/progress.js';
import subscriptions2026 from './2026-07-28/subscriptions.js';
import http2026 from './2026-07-28/http.js';
import stateless2026 from './2026-07-28/stateless.js';
import stdio2026 from './2026-07-28/stdio.js';
import wire2026 from './2026-07-28/wire.js';
import dualEra2026 from './2026-07-28/dual-era.js';
import auth2026 from './2026-07-28/auth.js';
import lifecycle2025 from './2025-11-25/lifecycle.js';
import { MORE_2025 } from './2025-11-25/index.js';
import errors2025 from './2025-11-25/errors.js';
import stdio2025 from './2025-11-25/stdio.js';
import wire2025 from './2025-11-25/wire.js';
import auth2025 from './2025-11-25/auth.js';

export const ALL_CHECKS: readonly Check[] = [
  ...lifecycle2026,
  ...meta2026,
  ...errors2026,
  ...discover2026,
  ...results2026,
  ...logging2026,
  ...tools2026,
  ...resources2026,
  ...prompts2026,
  ...completion2026,
  ...mrtr2026,
  ...cancellation2026,
  ...progress2026,
  ...subscriptions2026,
  ...http2026,
  ...auth2026,
  ...stateless2026,
  ...stdio2026,
  ...wire2026,
  ...dualEra2026,
  ...lifecycle2025,
  ...MORE_2025,
  ...errors2025,
  ...auth2025,
  ...stdio2025,
  ...wire2025,
];

const ids = new Set<string>();
for (const check of ALL_CHECKS) {
  if (ids.has(check.id)) throw new Error(`duplicate check id ${check.id}`);
  ids.add(check.id);
}
