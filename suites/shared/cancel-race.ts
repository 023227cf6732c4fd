// A cancellation races the request it cancels (the spec says a response may already be on its
// way). Only once the server is proven to have read the cancel (a barrier answered after it on
// stdio, its POST answered on HTTP) is a result for the request its choice. A result that arrived
// before that proof, and no sooner than the tool's own hold after the call was sent, may be the
// tool's natural result written before the server read the cancel: it decides nothing. A result
// sooner than the hold was cut short by the cancel (the Go SDK's), and an error, are judged.
import { isObject, type JsonObject } from '../../harness/model.js';

export interface Arrival {
  message: JsonObject;
  /** performance.now() when the message reached the check. */
  at: number;
}

export interface CancelledCall {
  /** performance.now() when the call was sent. */
  sentAt: number;
  /** How long the tool was asked to hold the call. */
  holdMs: number;
  /** performance.now() once the server was proven to have read the cancel. */
  provenReadAt: number;
}

/** True when every message for the cancelled request is a result that may have raced the cancel. */
export function onlyRaced(arrivals: readonly Arrival[], call: CancelledCall): boolean {
  const raced = (arrival: Arrival) =>
    isObject(arrival.message.result) && arrival.at < call.provenReadAt && arrival.at - call.sentAt >= call.holdMs;
  return arrivals.length > 0 && arrivals.every(raced);
}
