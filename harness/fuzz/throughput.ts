// Cases per second a campaign is expected to keep at least, per transport, against a server that
// answers at once (the bundled reference server does): a campaign below its floor gets a harness
// note (never a finding, never a verdict), so a slow run is seen and its numbers are not trusted
// blindly. About a quarter of what `npm run bench-fuzz` measured on 2 loaded cores (README).
import type { TransportKind } from '../model.js';

export const CAMPAIGN_FLOORS: Record<string, Partial<Record<TransportKind, number>>> = {
  framing: { stdio: 8, http: 10 },
  ids: { stdio: 40, http: 15 },
  // A dual-era server needs a fresh process after each legacy-looking case.
  meta: { stdio: 2, http: 20 },
  // 2025-11-25: a new session per case, a new process on stdio.
  capabilities: { stdio: 0.5, http: 2 },
  schema: { stdio: 20, http: 20 },
};

/** Fewer cases than this say nothing about speed: no note. */
export const FLOOR_MIN_CASES = 50;

export function campaignFloor(campaign: string, transport: TransportKind): number | undefined {
  return CAMPAIGN_FLOORS[campaign]?.[transport];
}

/** Whole cases per second, from cases and milliseconds (undefined when nothing ran). */
export function casesPerSecond(cases: number, durationMs: number): number | undefined {
  return cases > 0 && durationMs > 0 ? Math.round((cases / durationMs) * 1000) : undefined;
}

/** The harness note for a campaign that ran below its floor, if it did. */
export function belowFloorNote(
  campaign: string,
  transport: TransportKind,
  cases: number,
  durationMs: number,
): string | undefined {
  const floor = campaignFloor(campaign.split('/').pop() ?? campaign, transport);
  if (floor === undefined || durationMs <= 0 || cases < FLOOR_MIN_CASES) return undefined;
  const rate = (cases / durationMs) * 1000;
  if (rate >= floor) return undefined;
  return `${campaign} ran ${rate.toFixed(1)} cases/s over ${transport}, below its floor of ${floor} (a slow server or a loaded machine; not a finding)`;
}
