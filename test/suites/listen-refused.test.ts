// A refused subscriptions/listen is one cause with one verdict: recorded from a published server
// with a subscription limit (-32603 "Subscription limit reached"), where every subscription check
// used to fail. The acknowledgment check warns of it; every other check skips with the refusal.
import { describe, expect, test } from 'vitest';
import type { CheckContext } from '../../harness/checks/check.js';
import type { StatelessClient } from '../../harness/lifecycles/stateless-client.js';
import type { JsonObject } from '../../harness/model.js';
import subscriptions from '../../suites/2026-07-28/subscriptions.js';
import { listenRefusal } from '../../suites/2026-07-28/kit/listen-refused.js';
import { endingOf } from './check-verdict.js';
import recorded from './recorded/published-server-listen-limit.json' with { type: 'json' };
import { exchangeOf, fakeStdioClient } from './recorded-answers.js';

const REFUSAL = 'listen refused: -32603 "Subscription limit reached"';

/** A stdio client whose server answers discovery and refuses every listen as the recorded server did. */
function refusingClient(answer: JsonObject = recorded.response): StatelessClient {
  return fakeStdioClient<StatelessClient>(async (method, _params, options: { id?: number | string }, nextId) => {
    const id = options?.id ?? nextId();
    if (method === 'subscriptions/listen') return exchangeOf({ response: { ...answer, id } });
    return exchangeOf({ response: { jsonrpc: '2.0', id, result: {} } });
  });
}

const LISTED = [{ uri: 'file:///notes.txt', name: 'notes' }];

function context(client = refusingClient(), resources: unknown[] = LISTED): Partial<CheckContext<StatelessClient>> {
  return {
    client,
    requestTimeoutMs: 1000,
    profile: {
      capabilities: { tools: { listChanged: true } },
      resources,
      tools: [],
      prompts: [],
      templates: [],
    } as unknown as CheckContext['profile'],
    wire: { entries: [], subscribe: () => () => undefined } as unknown as CheckContext['wire'],
  };
}

const checkNamed = (slug: string) => subscriptions.find((check) => check.id.endsWith(`/${slug}`))!;

describe('a listen refused with -32603 "Subscription limit reached"', () => {
  test('is "listen refused" with its code and message', () => {
    expect(listenRefusal(exchangeOf({ response: recorded.response }))).toMatchObject({
      code: -32603,
      implemented: true,
      reason: REFUSAL,
    });
  });

  test('the acknowledgment check warns: a server need not accept a listen, but -32603 misnames a policy refusal', async () => {
    const ending = await endingOf(checkNamed('listen-acknowledged'), context());
    expect(ending.verdict).toBe('warn');
    expect(ending.reason).toMatch(
      new RegExp(`^${REFUSAL}: nothing obliges a server to accept a listen.*-32603 is for "an unexpected condition`),
    );
  });

  test('a refusal of a listen watching a URI the harness made up (no resource listed) decides nothing', async () => {
    const ending = await endingOf(checkNamed('listen-acknowledged'), context(refusingClient(), []));
    expect(ending.verdict).toBe('skip');
    expect(ending.reason).toMatch(
      /harness-invented argument \(resourceSubscriptions mcp-conform:\/\/no-such-resource\)/,
    );
  });

  const others = subscriptions.filter((check) => check.phase !== 'post' && !check.id.endsWith('/listen-acknowledged'));
  test.each(others.map((check) => [check.id, check] as const))(
    '%s skips with the refusal as its reason',
    async (_, check) => {
      const ending = await endingOf(check, context());
      expect(ending).toEqual({ verdict: 'skip', reason: REFUSAL });
    },
  );

  test('another refusal code is a warning too, without the -32603 remark', async () => {
    const ending = await endingOf(
      checkNamed('listen-acknowledged'),
      context(refusingClient({ jsonrpc: '2.0', id: 2, error: { code: 429, message: 'Too many subscriptions' } })),
    );
    expect(ending.verdict).toBe('warn');
    expect(ending.reason).toMatch(/^listen refused: 429 "Too many subscriptions": /);
    expect(ending.reason).not.toMatch(/-32603/);
  });

  test('a listen with no answer at all in time is inconclusive, never a failure (time alone decides nothing)', async () => {
    // Seen in a loaded full proof: the reference server's acknowledgment came after the wait.
    const client = refusingClient();
    const silent = {
      ...client,
      request: async () => ({ ...exchangeOf({}), timedOut: true }),
    } as unknown as StatelessClient;
    const ending = await endingOf(checkNamed('listen-acknowledged'), context(silent));
    expect(ending.verdict).toBe('error');
    expect(ending.reason).toMatch(
      /^inconclusive: subscriptions\/listen got no acknowledgment and no answer within 1000 ms/,
    );
  });

  test('-32601 is no refusal: the method is not there, and the acknowledgment check skips like the others', async () => {
    const ending = await endingOf(
      checkNamed('listen-acknowledged'),
      context(refusingClient({ jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } })),
    );
    expect(ending).toEqual({ verdict: 'skip', reason: 'the server does not implement subscriptions/listen (-32601)' });
  });
});
