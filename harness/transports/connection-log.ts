// What one connection writes to the wire log: every entry named by the connection and tagged with
// the checks it belongs to (the sender's when known, else every check active on the connection).
import type { JsonObject } from '../model.js';
import type { WireInput } from '../recorder/wire-log.js';
import { CheckTags, recordServerMessage, type ConnectionContext } from './connection-context.js';
import type { Pending } from './pending-requests.js';

export class ConnectionLog {
  readonly tags = new CheckTags();

  constructor(
    readonly context: ConnectionContext,
    readonly name: string,
  ) {}

  get recorder() {
    return this.context.recorder;
  }

  record(input: Omit<WireInput, 'connection' | 'checks'>, checkId?: string): void {
    this.context.recorder.record({ connection: this.name, ...input, checks: this.tags.tags(checkId) });
  }

  /** A note of the harness's own on this connection. */
  note(text: string, checkId?: string): void {
    this.record({ direction: 'harness', kind: 'note', note: text }, checkId);
  }

  /** A message from the server, validated against the revision's schema (`answeredMethod`: the request it answers). */
  serverMessage(
    base: Omit<WireInput, 'connection' | 'direction' | 'kind' | 'message'>,
    message: JsonObject,
    answeredMethod: string | undefined,
  ): void {
    recordServerMessage(this.context, { connection: this.name, ...base }, message, answeredMethod);
  }

  /** A request that got no answer. `waitedMs` is set when the harness gave up waiting (a timeout), unset when the server ended it. */
  unanswered(entry: Pending, text: string, waitedMs?: number, unsent?: boolean): void {
    const id = entry.exchange.id;
    const isRequest = typeof id === 'string' || typeof id === 'number';
    const timedOut = waitedMs !== undefined && !entry.expectSilence;
    this.record(
      {
        direction: 'harness',
        kind: 'note',
        note: text,
        anomaly: isRequest && !entry.expectSilence ? 'unanswered' : undefined,
        requestId: isRequest ? id : undefined,
        timeout: timedOut ? true : undefined,
        waitedMs: timedOut ? waitedMs : undefined,
        unsent: unsent ? true : undefined,
        barrier: entry.barrier ? true : undefined,
      },
      entry.checkId,
    );
  }
}
