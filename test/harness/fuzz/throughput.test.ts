// Throughput is recorded and a slow campaign gets a harness note: never a finding, never a verdict.
import { describe, expect, it } from 'vitest';
import { belowFloorNote, campaignFloor, casesPerSecond, FLOOR_MIN_CASES } from '../../../harness/fuzz/throughput.js';

describe('campaign throughput floors', () => {
  it('every campaign has a floor on each transport', () => {
    for (const campaign of ['framing', 'ids', 'meta', 'capabilities', 'schema'])
      for (const transport of ['stdio', 'http'] as const)
        expect(campaignFloor(campaign, transport), `${campaign} ${transport}`).toBeGreaterThan(0);
  });

  it('a campaign below its floor gets a note naming its rate and floor', () => {
    expect(belowFloorNote('2026-07-28/ids', 'stdio', 100, 10_000)).toMatch(
      /^2026-07-28\/ids ran 10\.0 cases\/s over stdio, below its floor of 40 .*not a finding/,
    );
    expect(belowFloorNote('2026-07-28/ids', 'stdio', 400, 1_000)).toBeUndefined();
  });

  it('too few cases say nothing about speed', () => {
    expect(belowFloorNote('2026-07-28/ids', 'stdio', FLOOR_MIN_CASES - 1, 100_000)).toBeUndefined();
    expect(casesPerSecond(0, 0)).toBeUndefined();
    expect(casesPerSecond(300, 1500)).toBe(200);
  });
});
