// A 409 on a resume GET says the server still holds the cut stream as active, not that it offers
// no resumption: recorded from the SDK 1.x transport with an event store, the same GET answered
// 409 while the stream was open and 200 with the replayed response once the server saw it close.
import { describe, expect, test } from 'vitest';
import type { JsonObject } from '../../harness/model.js';
import type { Exchange } from '../../harness/transports/types.js';
import { RESUME_RETRY_DELAYS_MS, resumeRetryingConflict } from '../../suites/2025-11-25/streams.js';
import recorded from './recorded/sdk-v1-http-resume-conflict.json' with { type: 'json' };
import { exchangeOf } from './recorded-answers.js';

const conflict = (): Exchange =>
  exchangeOf({ status: recorded.conflict.status, response: recorded.conflict.response as JsonObject });
function resumed(): Exchange {
  const messages = recorded.resumed.messages as JsonObject[];
  return {
    ...exchangeOf({ status: recorded.resumed.status }),
    messages,
    http: { status: 200, headers: {}, contentType: 'text/event-stream', bodyKind: 'sse' },
  };
}

function context() {
  const waits: number[] = [];
  const notes: string[] = [];
  return {
    waits,
    notes,
    ctx: { sleep: async (ms: number) => void waits.push(ms), note: (text: string) => void notes.push(text) },
  };
}

describe('a resume GET answered 409', () => {
  test('is tried again after a short wait, and the replayed response is what the check judges', async () => {
    const answers = [conflict(), resumed()];
    const { ctx, waits, notes } = context();
    const exchange = await resumeRetryingConflict(ctx, async () => answers.shift()!);
    expect(exchange.http?.status).toBe(200);
    expect(exchange.messages.some((message) => message.id === 2 && 'result' in message)).toBe(true);
    expect(waits).toEqual([RESUME_RETRY_DELAYS_MS[0]]);
    expect(notes[0]).toMatch(/409/);
  });

  test('is given up after a bounded number of tries with growing waits, and the last 409 stands', async () => {
    let tries = 0;
    const { ctx, waits } = context();
    const exchange = await resumeRetryingConflict(ctx, async () => (tries++, conflict()));
    expect(exchange.http?.status).toBe(409);
    expect(tries).toBe(RESUME_RETRY_DELAYS_MS.length + 1);
    expect(waits).toEqual([...RESUME_RETRY_DELAYS_MS].sort((a, b) => a - b));
  });

  test('any other answer is taken at once', async () => {
    let tries = 0;
    const { ctx } = context();
    await resumeRetryingConflict(ctx, async () => (tries++, exchangeOf({ status: 405 })));
    expect(tries).toBe(1);
  });
});
