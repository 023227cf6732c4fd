// What a stdio connection has in flight, and who a message from the server belongs to: a response
// by its id (exactly, or an id of another type with the same value), else the first raw send
// waiting for any response; a notification with our progress token to that request, any other to
// everything in flight.
import { isObject, type JsonObject, type JsonRpcId } from '../model.js';
import { idKey, looseIdKey, type Exchange } from './types.js';

export interface Pending {
  exchange: Exchange;
  method?: string;
  checkId?: string;
  progressToken?: unknown;
  /** Raw sends take the first response that no request of ours claims. */
  wantsOrphanResponse: boolean;
  expectSilence?: boolean;
  barrier?: boolean;
  onMessage?: (message: JsonObject) => void;
  finish: () => void;
}

export class PendingRequests {
  private readonly byId = new Map<string, Pending>();
  private readonly byLooseId = new Map<string, Pending>();
  /** Every exchange in flight, with an id or not. */
  private readonly all = new Set<Pending>();

  add(entry: Pending, id: JsonRpcId | undefined): void {
    if (id !== undefined) {
      // A second request with an id still in flight keeps the first owner; the fuzzer reads the wire log.
      if (!this.byId.has(idKey(id))) this.byId.set(idKey(id), entry);
      if (!this.byLooseId.has(looseIdKey(id))) this.byLooseId.set(looseIdKey(id), entry);
    }
    this.all.add(entry);
  }

  remove(entry: Pending, id: JsonRpcId | undefined): void {
    if (id !== undefined) {
      if (this.byId.get(idKey(id)) === entry) this.byId.delete(idKey(id));
      if (this.byLooseId.get(looseIdKey(id)) === entry) this.byLooseId.delete(looseIdKey(id));
    }
    this.all.delete(entry);
  }

  withId(id: JsonRpcId): Pending | undefined {
    return this.byId.get(idKey(id));
  }

  /** The exchange a response answers; `exact` false when only an id of another type matched. */
  ownerOf(response: JsonObject): { owner: Pending | undefined; exact: boolean } {
    const exact = this.byId.get(idKey(response.id));
    const loose =
      exact ??
      (response.id !== undefined && response.id !== null ? this.byLooseId.get(looseIdKey(response.id)) : undefined);
    const owner = loose ?? [...this.all].find((p) => p.wantsOrphanResponse && !p.exchange.response);
    return { owner, exact: exact !== undefined || loose === undefined };
  }

  notificationOwners(message: JsonObject): Pending[] {
    const params = isObject(message.params) ? message.params : undefined;
    const token = params?.progressToken;
    if (token !== undefined) {
      const match = [...this.all].filter(
        (p) => p.progressToken !== undefined && idKey(p.progressToken) === idKey(token),
      );
      if (match.length > 0) return match;
    }
    return [...this.all];
  }

  inFlight(): Pending[] {
    return [...this.all];
  }
}
