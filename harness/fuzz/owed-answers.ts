// stdio: a request the spec lets the server leave unanswered (the second of two in flight with one
// id, an id reused after its answer, a batch item) may still be answered after its case has ended,
// into whatever is sent next: a server that works on requests side by side (go-sdk) answers the
// liveness probe first. Such answers are owed on the connection. A later response with an owed id
// that the case in hand does not send is set aside as the earlier case's; a case that sends an owed
// id again starts on a fresh connection (which owes nothing), so no answer is ever given to the
// wrong case.
import { isResponse, type JsonObject } from '../model.js';
import { idKey } from '../transports/types.js';
import { needsAnswer, type Slot } from './case.js';

const hasId = (slot: Slot): boolean => slot.id !== undefined && slot.id !== null;

export class OwedAnswers {
  private owed = new Map<string, number>();

  /** A new connection owes nothing. */
  clear(): void {
    this.owed.clear();
  }

  get size(): number {
    return this.owed.size;
  }

  /** After a case (or batch) on a live connection: the answers its optional requests may still get. */
  add(slots: Slot[], responses: JsonObject[]): void {
    for (const key of new Set(
      slots.filter((slot) => hasId(slot) && !needsAnswer(slot)).map((slot) => idKey(slot.id)),
    )) {
      const room = slots
        .filter((slot) => hasId(slot) && idKey(slot.id) === key)
        .reduce((sum, slot) => sum + (slot.maxAnswers ?? 1), 0);
      const got = responses.filter(
        (message) => isResponse(message) && 'id' in message && idKey(message.id) === key,
      ).length;
      if (got < room) this.owed.set(key, (this.owed.get(key) ?? 0) + room - got);
    }
  }

  /**
   * After a silent case kept alive: each request it left unanswered may still be answered. False, and
   * nothing added, when one has no id to tell its late answer by (null looks like an id-less error).
   */
  oweUnanswered(unanswered: Slot[]): boolean {
    if (!unanswered.every(hasId)) return false;
    for (const slot of unanswered) this.owed.set(idKey(slot.id), (this.owed.get(idKey(slot.id)) ?? 0) + 1);
    return true;
  }

  /** Does a case with these slots send an id an earlier case may still be answered with? */
  clashes(slots: Slot[]): boolean {
    return slots.some((slot) => hasId(slot) && this.owed.has(idKey(slot.id)));
  }

  /** A response carrying an owed id (not one of `current`'s): counted as that earlier case's late answer, true. */
  takeLate(message: JsonObject, current: Slot[]): boolean {
    if (!isResponse(message) || !('id' in message)) return false;
    const key = idKey(message.id);
    const left = this.owed.get(key);
    if (left === undefined || current.some((slot) => hasId(slot) && idKey(slot.id) === key)) return false;
    if (left <= 1) this.owed.delete(key);
    else this.owed.set(key, left - 1);
    return true;
  }
}
