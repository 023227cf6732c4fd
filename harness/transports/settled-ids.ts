// Ids a stdio connection has seen answered or given up on, to tell a duplicate or late answer
// from a stray one; and the requests given up on whose answer may still come before close.
import type { JsonRpcId } from '../model.js';
import { idKey } from './types.js';

export type OrphanKind = 'unknown-id' | 'duplicate-response' | 'late-response';

export const ORPHAN_NOTES: Record<OrphanKind, string> = {
  'unknown-id': 'response to an id that was never sent',
  'duplicate-response': 'second response to an id already answered',
  'late-response': 'response after the harness stopped waiting',
};

/** Ids remembered per connection; later ones are simply not classified. */
const MAX_SETTLED = 100_000;

export class SettledIds {
  private readonly settled = new Map<string, 'answered' | 'timed-out'>();
  private readonly methods = new Map<string, string | undefined>();
  /** Requests we stopped waiting for, each with the end of its second timeout: close gives their answers that chance. */
  private readonly awaitingLate = new Map<string, number>();
  private lateSettled: (() => void) | undefined;

  remember(id: JsonRpcId, method: string | undefined, how: 'answered' | 'timed-out'): void {
    if (this.settled.size > MAX_SETTLED) return;
    this.settled.set(idKey(id), how);
    this.methods.set(idKey(id), method);
  }

  /** A request given up on at a timeout: its answer is still awaited until `until` (performance.now()). */
  awaitLate(id: JsonRpcId, until: number): void {
    this.awaitingLate.set(idKey(id), until);
  }

  /** The method of the request an id answered. */
  methodOf(id: unknown): string | undefined {
    return this.methods.get(idKey(id));
  }

  classify(id: unknown): OrphanKind {
    const settled = this.settled.get(idKey(id));
    if (settled === 'answered') return 'duplicate-response';
    if (settled === 'timed-out') {
      this.settled.set(idKey(id), 'answered');
      this.awaitingLate.delete(idKey(id));
      if (this.awaitingLate.size === 0) this.lateSettled?.();
      return 'late-response';
    }
    return 'unknown-id';
  }

  /**
   * Waits until every request given up on has had its timeout once more, counted from when the
   * harness stopped waiting, or `ended` comes first; returns how many are still unanswered.
   */
  async linger(ended: (ms: number) => Promise<boolean>): Promise<number> {
    if (this.awaitingLate.size === 0) return 0;
    const grace = Math.ceil(Math.max(...this.awaitingLate.values()) - performance.now());
    if (grace > 0) await Promise.race([new Promise<void>((resolve) => (this.lateSettled = resolve)), ended(grace)]);
    this.lateSettled = undefined;
    return this.awaitingLate.size;
  }
}
