// "Not served" rests on an answer. A probe of an undeclared feature that got no answer in time
// used to pass the capability checks of both revisions (seen as a CI flake: the probe was queued
// behind a loaded machine). Silence decides only once a barrier proves the probe was read.
import { describe, expect, test } from 'vitest';
import type { CheckContext, CheckDefinition } from '../../harness/checks/check.js';
import type { Client } from '../../harness/lifecycles/client.js';
import type { JsonObject } from '../../harness/model.js';
import type { Exchange } from '../../harness/transports/types.js';
import capabilities2025 from '../../suites/2025-11-25/capabilities.js';
import discover2026 from '../../suites/2026-07-28/discover.js';
import { endingOf } from './check-verdict.js';
import { exchangeOf } from './recorded-answers.js';

const BARRIERS = new Set(['ping', 'server/discover']);

const silence = (method: string): Exchange => ({
  ...exchangeOf({}),
  method,
  timedOut: true,
  durationMs: 1000,
});

/** A stdio client whose server never answers the feature probes; barriers are answered when `barrierAnswered`. */
function silentClient(revision: '2025-11-25' | '2026-07-28', barrierAnswered: boolean): Client {
  let next = 1;
  return {
    revision,
    transport: 'stdio',
    connectionName: 'stdio#1',
    connection: { name: 'stdio#1' },
    state: {},
    nextId: () => ++next,
    exitedByItself: () => undefined,
    request: async (method: string) => {
      const id = ++next;
      if (BARRIERS.has(method) && barrierAnswered)
        return { ...exchangeOf({ response: { jsonrpc: '2.0', id, result: {} } }), method };
      return silence(method);
    },
  } as unknown as Client;
}

function context(revision: '2025-11-25' | '2026-07-28', barrierAnswered: boolean): Partial<CheckContext> {
  return {
    client: silentClient(revision, barrierAnswered),
    transport: 'stdio',
    requestTimeoutMs: 1000,
    profile: {
      capabilities: {},
      tools: [],
      prompts: [],
      resources: [],
      resourceTemplates: [],
    } as unknown as CheckContext['profile'],
  };
}

const CASES: Array<[string, '2025-11-25' | '2026-07-28', CheckDefinition<Client>]> = [
  [
    '2025-11-25 capabilities/undeclared-not-served',
    '2025-11-25',
    capabilities2025.find((check) => check.id.endsWith('/undeclared-not-served')) as unknown as CheckDefinition<Client>,
  ],
  [
    '2026-07-28 discover/capabilities-declared',
    '2026-07-28',
    discover2026.find((check) => check.id.endsWith('/capabilities-declared')) as unknown as CheckDefinition<Client>,
  ],
];

describe.each(CASES)('%s, every probe of an undeclared feature unanswered', (_name, revision, check) => {
  test('with no barrier answered either, is inconclusive, not a pass', async () => {
    const ending = await endingOf(check, context(revision, false));
    expect(ending.verdict).toBe('error');
    expect(ending.reason).toMatch(/^inconclusive: .*silence proves nothing/);
  });

  test('with the barrier after it answered, the silence is the server not serving it: a pass', async () => {
    const ending = await endingOf(check, context(revision, true));
    expect(ending).toEqual({ verdict: 'pass' } satisfies Partial<JsonObject>);
  });
});
