// wire/requests-answered on a stdio log where the server exited mid-run and the harness kept writing.
import { describe, expect, test } from 'vitest';
import { WireRecorder, type WireInput } from '../../harness/recorder/wire-log.js';
import { requestsAnsweredCheck } from '../../suites/shared/wire-checks.js';
import { endingOf } from './check-verdict.js';

const check = requestsAnsweredCheck('basic#messages', []);
const C = 'stdio#1';

function request(id: number): WireInput {
  return {
    connection: C,
    direction: 'client->server',
    kind: 'message',
    message: { jsonrpc: '2.0', id, method: 'ping' },
  };
}
function unanswered(id: number, note: string, extra: Partial<WireInput> = {}): WireInput {
  return { connection: C, direction: 'harness', kind: 'note', note, anomaly: 'unanswered', requestId: id, ...extra };
}

function wireOf(inputs: WireInput[]): WireRecorder {
  const wire = new WireRecorder();
  for (const input of inputs) wire.record(input);
  return wire;
}

const spawn: WireInput = {
  connection: C,
  direction: 'harness',
  kind: 'process',
  note: 'spawned node server.js (pid 1)',
};
const exit: WireInput = { connection: C, direction: 'harness', kind: 'process', note: 'server exited with code 3' };

describe('wire/requests-answered after the stdio server exited', () => {
  test('requests written after the exit were never received: they do not count', async () => {
    const wire = wireOf([
      spawn,
      request(1),
      { connection: C, direction: 'server->client', kind: 'message', message: { jsonrpc: '2.0', id: 1, result: {} } },
      exit,
      request(2),
      unanswered(2, 'server exited with code 3 before id 2 could be sent'),
      request(3),
      unanswered(3, 'server exited with code 3 before id 3 could be sent'),
    ]);
    expect((await endingOf(check, { wire })).verdict).toBe('pass');
  });

  test('a request whose write failed (marked unsent) does not count either', async () => {
    const wire = wireOf([
      spawn,
      request(4),
      exit,
      unanswered(4, 'server exited with code 3 before id 4 could be sent', { unsent: true }),
    ]);
    expect((await endingOf(check, { wire })).verdict).toBe('pass');
  });

  test("a barrier lost to the exit is the check's that sent it to judge: counted once, there", async () => {
    // rmcp stops reading on a cancellation it cannot place and exits once its backtrace is out:
    // the barrier sent after the cancellation is in flight at the exit, or finds it gone, by timing.
    const tagged = { checks: ['2026-07-28/cancellation/unknown-cancel-ignored'] };
    const wire = wireOf([
      spawn,
      { ...request(3), ...tagged },
      exit,
      unanswered(3, 'server exited with code 1 with id 3 unanswered', { ...tagged, barrier: true }),
    ]);
    const notes: string[] = [];
    const ending = await endingOf(check, { wire, note: (text: string) => void notes.push(text) });
    expect(ending.verdict).toBe('pass');
    expect(notes.join(' ')).toContain('judged by the check that sent them');
    // The same request, not a barrier (a check's own call), is the server's to answer.
    const own = wireOf([
      spawn,
      { ...request(3), ...tagged },
      exit,
      unanswered(3, 'server exited with code 1 with id 3 unanswered', tagged),
    ]);
    expect((await endingOf(check, { wire: own })).verdict).toBe('fail');
  });

  test('the request in flight at the exit still fails', async () => {
    const wire = wireOf([
      spawn,
      request(1),
      exit,
      unanswered(1, 'server exited with code 3 with id 1 unanswered'),
      request(2),
      unanswered(2, 'server exited with code 3 before id 2 could be sent'),
    ]);
    const ending = await endingOf(check, { wire });
    expect(ending.verdict).toBe('fail');
    expect(ending.reason).toContain('1 request(s) got no response');
  });
});
