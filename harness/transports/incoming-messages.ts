// Where each message a stdio server sends goes: a response to the request it answers (or noted as
// an orphan: an id never sent, answered twice, or answered after the harness gave up), a server
// request to the desk that answers it, a notification to the requests in flight it belongs to.
// Every one is recorded, validated against the schema of what it answers.
import type { JsonObject } from '../model.js';
import { isResponse } from '../model.js';
import type { ConnectionLog } from './connection-log.js';
import { keepNotification, NOTIFICATIONS_NOT_KEPT } from './exchange-notifications.js';
import type { PendingRequests } from './pending-requests.js';
import type { ServerRequestDesk } from './server-request-desk.js';
import { ORPHAN_NOTES, type SettledIds } from './settled-ids.js';
import { leadingId } from './stdout-frame.js';

export class IncomingMessages {
  constructor(
    private readonly log: ConnectionLog,
    private readonly pending: PendingRequests,
    private readonly settled: SettledIds,
    private readonly serverRequests: ServerRequestDesk,
  ) {}

  /** `faults`: what its line needed mending to be read; the message is the server's all the same. */
  route(message: JsonObject, crlf: boolean, sizeHint: number, faults: string[]): void {
    const note = [...(crlf ? ['line ended with CRLF'] : []), ...faults].join('; ') || undefined;
    const framingFault = faults.length > 0 ? faults.join('; ') : undefined;
    if (isResponse(message)) return this.response(message, note, sizeHint, framingFault);
    if (typeof message.method === 'string' && 'id' in message)
      return this.serverRequests.take(message, { sizeHint, framingFault, note });
    const owners = this.pending.notificationOwners(message);
    const checks = this.log.tags.tags(owners.length === 1 ? owners[0].checkId : undefined);
    this.log.serverMessage({ sizeHint, framingFault, checks, note }, message, undefined);
    for (const owner of owners) {
      const kept = keepNotification(owner.exchange, message, sizeHint, this.log.recorder.spent);
      if (kept === 'first dropped') this.log.note(NOTIFICATIONS_NOT_KEPT, owner.checkId);
      owner.onMessage?.(message);
    }
  }

  /**
   * A JSON-RPC message longer than the line cap: the harness's limit, not the server's fault. The
   * request it answers (by the id at its head, when the id comes before any nested value) ends
   * with that said, so its check is inconclusive rather than failed for a missing answer.
   */
  overCap(head: Uint8Array, totalBytes: number, maxLineBytes: number): void {
    const id = leadingId(head);
    const owner = id === undefined ? undefined : this.pending.withId(id);
    const text = `answer larger than the line cap: a line of ${totalBytes} bytes, the cap is ${maxLineBytes} bytes (--max-line-mb); not read`;
    this.log.record(
      {
        direction: 'server->client',
        kind: 'note',
        ...this.log.recorder.describeBytes(head.subarray(0, 200)),
        bytes: totalBytes,
        truncated: true,
        note: text,
        overCap: true,
      },
      owner?.checkId,
    );
    if (!owner) return;
    if (owner.exchange.id !== undefined) this.settled.remember(owner.exchange.id, owner.method, 'answered');
    owner.exchange.transportError = text;
    owner.exchange.overCap = true;
    owner.finish();
  }

  private response(message: JsonObject, note: string | undefined, sizeHint: number, framingFault?: string): void {
    const { owner, exact } = this.pending.ownerOf(message);
    const hasId = typeof message.id === 'string' || typeof message.id === 'number';
    const anomaly = owner || !hasId ? undefined : this.settled.classify(message.id);
    const orphanNote = owner
      ? undefined
      : anomaly
        ? ORPHAN_NOTES[anomaly]
        : 'error response without an id, with no raw send waiting for it';
    this.log.serverMessage(
      {
        sizeHint,
        framingFault,
        anomaly,
        checks: this.log.tags.tags(owner?.checkId),
        note: orphanNote ? (note ? `${note}; ${orphanNote}` : orphanNote) : note,
      },
      message,
      // The method of the request it answers; a late answer is still that request's. A second answer
      // to an id already answered, or one a raw send took, is not known to answer that request (a
      // server may have coerced another id into it): it is held to the bare response schema only.
      owner ? owner.method : anomaly === 'late-response' ? this.settled.methodOf(message.id) : undefined,
    );
    if (!owner) return;
    if (owner.exchange.id !== undefined) this.settled.remember(owner.exchange.id, owner.method, 'answered');
    owner.exchange.messages.push(message);
    owner.onMessage?.(message);
    owner.exchange.response = message;
    if (!exact) owner.exchange.idTypeMismatch = true;
    owner.finish();
  }
}
