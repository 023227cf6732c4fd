// A property's connection problems (harness/fuzz/connection-oracle.ts) as failures: one per kind,
// the first named and the rest counted, each at the level its spec sentence has in both revisions.
//
// - unanswered: JSON-RPC 2.0, which both revisions' RPC-001 make every message follow ("All
//   messages are JSON-RPC 2.0 objects"): "When a rpc call is made, the Server MUST reply with a
//   Response, except for in the case of Notifications." MUST in both (the `answered` invariant).
// - progress-token: 2025-11-25 PROG-001 (MUST) "Progress notifications use only tokens that came in
//   an active request"; 2026-07-28 PROG-001 (MUST) "each notification repeats that token exactly ...
//   and refers only to an active request". MUST in both.
// - cancelled-request: 2025-11-25 CANC-003 (MUST) "A notifications/cancelled from the server refers
//   only to a request the server itself sent earlier"; 2026-07-28 CAN-004 (MUST) "A server sends
//   notifications/cancelled only to end a subscriptions/listen stream (referencing the listen
//   request id)". MUST in both.
// Subscriptions (resources/updated for a URI never subscribed) are left out: no fuzz property
// subscribes or listens, so every such notification would be judged by the checks' own traffic.
import type { Revision } from '../model.js';
import type { ConnectionKind, ConnectionProblem } from './connection-oracle.js';
import type { Failure } from './judge.js';
import { invariantLevel, invariantSpec, type Invariant } from './spec-book.js';

const INVARIANT: Record<ConnectionKind, Invariant> = {
  unanswered: 'answered',
  'progress-token': 'progress-token',
  'cancelled-request': 'cancelled-request',
};

const KINDS: ConnectionKind[] = ['unanswered', 'progress-token', 'cancelled-request'];

/** One failure per kind of problem, in a fixed order. */
export function connectionFailures(problems: ConnectionProblem[], revision: Revision): Failure[] {
  return KINDS.flatMap((kind) => {
    const mine = problems.filter((problem) => problem.kind === kind);
    if (mine.length === 0) return [];
    const more = mine.length > 1 ? ` (and ${mine.length - 1} more like it in this property)` : '';
    return [
      {
        invariant: INVARIANT[kind],
        message: `whole connection: ${mine[0].message}${more}`,
        spec: invariantSpec(revision, INVARIANT[kind]),
        level: invariantLevel(revision, INVARIANT[kind]),
      },
    ];
  });
}
