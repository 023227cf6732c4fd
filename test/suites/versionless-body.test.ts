// A request whose body has no protocolVersion (the key dropped, no _meta, no params) under an
// MCP-Protocol-Version header: -32602 and, on HTTP, -32020 (the header has no body value to match)
// are both answers the spec allows, and the three meta checks judge them alike.
import { describe, expect, test } from 'vitest';
import type { ServerProfile } from '../../harness/lifecycles/profile.js';
import type { JsonObject } from '../../harness/model.js';
import meta from '../../suites/2026-07-28/meta.js';
import recorded from './recorded/sdk-v2-http-versionless-body.json' with { type: 'json' };
import { endingOf } from './check-verdict.js';
import { exchangeOf, type RecordedAnswer } from './recorded-answers.js';

const SLUGS = ['missing-protocol-version', 'missing-meta', 'no-params'];
const check = (slug: string) => meta.find((c) => c.id.endsWith(`/${slug}`))!;

function contextAnswering(answer: RecordedAnswer, transport: 'http' | 'stdio', initialize: RecordedAnswer) {
  const profile: ServerProfile = {
    revision: '2026-07-28',
    capabilities: { tools: {} },
    supportedVersions: ['2026-07-28'],
    tools: [],
    resources: [],
    resourceTemplates: [],
    prompts: [],
    problems: [],
  };
  const client = { request: async () => exchangeOf(transport === 'http' ? answer : { response: answer.response }) };
  const freshAs = async () => ({ state: {}, initialize: async () => exchangeOf(initialize) });
  return { profile, transport, client: client as never, freshAs: freshAs as never };
}

const refusedInitialize: RecordedAnswer = {
  status: 400,
  response: { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } },
};

describe('the three checks of a versionless body agree', () => {
  test.each(SLUGS)("%s passes the SDK v2 server's own answer (400, -32602)", async (slug) => {
    const answer = recorded[
      slug === 'missing-protocol-version'
        ? 'missingProtocolVersion'
        : slug === 'missing-meta'
          ? 'missingMeta'
          : 'noParams'
    ] as RecordedAnswer;
    expect((await endingOf(check(slug), contextAnswering(answer, 'http', refusedInitialize))).verdict).toBe('pass');
  });

  test.each(SLUGS)(
    '%s passes a 400 -32020 header mismatch over HTTP, as the others do, on a modern-only server',
    async (slug) => {
      const answer = {
        status: recorded.headerMismatch.status,
        response: recorded.headerMismatch.response as JsonObject,
      };
      expect((await endingOf(check(slug), contextAnswering(answer, 'http', refusedInitialize))).verdict).toBe('pass');
    },
  );

  test.each(SLUGS)('%s fails -32020 over stdio, where no header exists to mismatch', async (slug) => {
    const answer = { response: recorded.headerMismatch.response as JsonObject };
    expect((await endingOf(check(slug), contextAnswering(answer, 'stdio', refusedInitialize))).verdict).toBe('fail');
  });
});
