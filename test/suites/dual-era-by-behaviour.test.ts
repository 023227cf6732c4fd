// Whether a server is dual-era comes from what it does: the official SDK v2 server lists only
// 2026-07-28 in server/discover, yet its initialize negotiates 2025-11-25 (recorded over HTTP).
// No sentence requires supportedVersions to list that, so it is dual-era and the dual-era checks run.
import { describe, expect, test } from 'vitest';
import type { ServerProfile } from '../../harness/lifecycles/profile.js';
import type { JsonObject } from '../../harness/model.js';
import dualEra from '../../suites/2026-07-28/dual-era.js';
import { isDualEra, legacyService } from '../../suites/2026-07-28/kit/era.js';
import recorded from './recorded/sdk-v2-http-legacy-initialize.json' with { type: 'json' };
import { endingOf } from './check-verdict.js';
import { exchangeOf, type RecordedAnswer } from './recorded-answers.js';

const discovered = recorded.discover.response.result;

function profile(): ServerProfile {
  return {
    revision: '2026-07-28',
    capabilities: discovered.capabilities,
    supportedVersions: discovered.supportedVersions,
    tools: [],
    resources: [],
    resourceTemplates: [],
    prompts: [],
    problems: [],
  };
}

/** A context whose 2025-11-25 connections answer initialize as recorded; counts the connections opened. */
function contextAnswering(initialize: RecordedAnswer) {
  const opened: string[] = [];
  const freshAs = async (revision: string) => {
    opened.push(revision);
    return { state: {}, initialize: async () => exchangeOf(initialize) };
  };
  return { opened, ctx: { profile: profile(), transport: 'http' as const, freshAs: freshAs as never } };
}

const check = (slug: string) => dualEra.find((c) => c.id.endsWith(`/${slug}`))!;

describe('the SDK v2 server over HTTP', () => {
  test('serves 2025-11-25 through initialize: dual-era by what it does, asked once per run', async () => {
    const { ctx, opened } = contextAnswering(recorded.initialize as RecordedAnswer);
    expect(await legacyService(ctx)).toEqual({
      versions: ['2025-11-25'],
      because: 'initialize for 2025-11-25 negotiated "2025-11-25" (server/discover lists no legacy version)',
    });
    expect(await isDualEra(ctx)).toBe(true);
    expect(opened).toEqual(['2025-11-25']);
  });

  test('modern-only-rejects-initialize does not blame it: skipped, the dual-era checks judge that traffic', async () => {
    const { ctx } = contextAnswering(recorded.initialize as RecordedAnswer);
    const ending = await endingOf(check('modern-only-rejects-initialize'), ctx);
    expect(ending.verdict).toBe('skip');
    expect(ending.reason).toMatch(/dual-era by what it does/);
  });

  test('a modern-only server whose initialize answers with a result negotiating no legacy version still fails', async () => {
    const response = recorded.initialize.response as JsonObject;
    const modernOnly = {
      ...recorded.initialize,
      response: { ...response, result: { ...(response.result as JsonObject), protocolVersion: '2026-07-28' } },
    };
    const { ctx } = contextAnswering(modernOnly as RecordedAnswer);
    expect(await isDualEra(ctx)).toBe(false);
    expect((await endingOf(check('modern-only-rejects-initialize'), ctx)).verdict).toBe('fail');
  });

  test('initialize-versions-listed compares only a listing the server made: none here, so no claim to hold it to', async () => {
    const { ctx } = contextAnswering(recorded.initialize as RecordedAnswer);
    expect((await endingOf(check('initialize-versions-listed'), ctx)).verdict).toBe('skip');
  });
});
