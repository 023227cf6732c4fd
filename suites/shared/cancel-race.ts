// A cancellation races the request it cancels (the spec says a response may already be on its
// way). Only once the server is proven to have read the cancel (a barrier answered after it on
// stdio, its POST answered on HTTP) is a result for the request its choice: a result that arrived
// before that proof may have been written before the server read the cancel, and decides nothing.
// An error is judged wherever it comes: it is what a server writes because it read the cancel.
import { isObject, type JsonObject } from '../../harness/model.js';

export interface Arrival {
  message: JsonObject;
  /** performance.now() when the message reached the check. */
  at: number;
}

/** The messages for the cancelled request that may have been written before the server read the cancel. */
export function racedResults(arrivals: readonly Arrival[], provenReadAt: number): Arrival[] {
  return arrivals.filter((arrival) => isObject(arrival.message.result) && arrival.at < provenReadAt);
}

/** True when every message for the cancelled request is a result that may have raced the cancel. */
export function onlyRaced(arrivals: readonly Arrival[], provenReadAt: number): boolean {
  return arrivals.length > 0 && racedResults(arrivals, provenReadAt).length === arrivals.length;
}
