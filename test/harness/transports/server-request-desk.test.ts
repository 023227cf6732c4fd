// A server that floods us with requests and stops reading: replies are held as their bytes, in one
// pending write, and past the backlog bound the rest are counted, not answered.
import { expect, test } from 'vitest';
import { WireRecorder } from '../../../harness/recorder/wire-log.js';
import { ConnectionLog } from '../../../harness/transports/connection-log.js';
import { ServerRequestDesk } from '../../../harness/transports/server-request-desk.js';

/** A server process whose stdin takes the first write into its pipe and then is never read again. */
function deafProcess() {
  const state = { writes: 0, written: 0 };
  return {
    state,
    get stdinBacklog() {
      return state.written;
    },
    write(text: Uint8Array | string): Promise<boolean> {
      state.writes++;
      state.written += text.length;
      return new Promise<boolean>(() => undefined);
    },
  };
}

const ping = (n: number) => ({ jsonrpc: '2.0', id: `flood-${n}`, method: 'ping' });
const settle = () => new Promise((resolve) => setImmediate(resolve));

test('replies to a deaf server wait as text in one pending write, and the excess is counted', async () => {
  const recorder = new WireRecorder();
  const process = deafProcess();
  const desk = new ServerRequestDesk(new ConnectionLog({ recorder }, 'stdio#test'), process);
  for (let n = 0; n < 60_000; n++) {
    desk.take(ping(n), {});
    if (n % 1000 === 999) await settle();
  }
  await settle();
  // One write reached the pipe; every later reply is queued text, not a promise of its own.
  expect(process.state.writes).toBe(1);
  desk.flush();
  const note = recorder.entries.at(-1)?.note ?? '';
  const unanswered = Number(/(\d+) not answered/.exec(note)?.[1]);
  // 1 MB of replies were accepted (the bound is passed by the last one); the rest were counted.
  const replyBytes = (n: number) =>
    `${JSON.stringify({ jsonrpc: '2.0', id: `flood-${n}`, error: { code: -32601, message: 'Method not found' } })}\n`
      .length;
  let acceptedBytes = 0;
  for (let n = 0; n < 60_000 - unanswered; n++) acceptedBytes += replyBytes(n);
  expect(acceptedBytes - replyBytes(60_000 - unanswered - 1)).toBeLessThanOrEqual(1024 * 1024);
  expect(acceptedBytes).toBeGreaterThan(1024 * 1024);
});

test('replies to a server that reads are written in order, batched while a write is in flight', async () => {
  const written: string[] = [];
  const reading = {
    stdinBacklog: 0,
    write: async (text: Uint8Array | string) => {
      written.push(String(text));
      await settle();
      return true;
    },
  };
  const desk = new ServerRequestDesk(new ConnectionLog({ recorder: new WireRecorder() }, 'stdio#test'), reading);
  for (let n = 0; n < 100; n++) desk.take(ping(n), {});
  for (let i = 0; i < 5; i++) await settle();
  const ids = written
    .join('')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line).id);
  expect(ids).toEqual(Array.from({ length: 100 }, (_, n) => `flood-${n}`));
  expect(written.length).toBeLessThan(100);
});
