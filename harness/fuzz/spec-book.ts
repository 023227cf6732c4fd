// Where the rules every fuzz case is judged by live in each revision's specification.
import { specUrl } from '../checks/check.js';
import type { Level, Revision } from '../model.js';

export type Invariant =
  /** Every request gets a response (JSON-RPC 2.0, which all MCP messages follow). */
  | 'answered'
  /** A response carries the id of its request, with the same JSON type, once. */
  | 'same-id'
  /** Notifications are never answered. */
  | 'notifications'
  /** Every server message validates against the revision schema. */
  | 'schema'
  /** stdio: nothing but MCP messages on stdout. */
  | 'stdout'
  /** The server sends no requests of its own (2026-07-28), or only for declared capabilities (2025-11-25). */
  | 'server-requests'
  /** HTTP status and content type of an answer. */
  | 'http'
  /** An event stream is well-formed SSE: each event ends with a blank line, each data is one JSON-RPC message. */
  | 'sse'
  /** The event stream ends after the response (SHOULD). */
  | 'sse-end'
  /** 2026-07-28: a result's resultType is a core one unless the request advertised an extension. */
  | 'result-type'
  /** A progress notification carries a token a request on the connection sent. */
  | 'progress-token'
  /** A server's notifications/cancelled names a request it may cancel (2025-11-25: one it sent; 2026-07-28: a listen). */
  | 'cancelled-request';

const PAGES: Record<Revision, Record<Invariant, string>> = {
  '2026-07-28': {
    answered: 'basic#messages',
    'same-id': 'basic#result-responses',
    notifications: 'basic#notifications',
    schema: 'basic#messages',
    stdout: 'basic/transports/stdio',
    'server-requests': 'basic/transports/stdio#receiving-messages',
    http: 'basic/transports/streamable-http#sending-messages',
    sse: 'basic/transports/streamable-http#sending-messages',
    'sse-end': 'basic/transports/streamable-http#receiving-messages',
    'result-type': 'basic#resulttype',
    'progress-token': 'basic/patterns/progress',
    'cancelled-request': 'basic/patterns/cancellation',
  },
  '2025-11-25': {
    answered: 'basic#messages',
    'same-id': 'basic#result-responses',
    notifications: 'basic#notifications',
    schema: 'basic#messages',
    stdout: 'basic/transports#stdio',
    'server-requests': 'basic/lifecycle#operation',
    http: 'basic/transports#sending-messages-to-the-server',
    sse: 'basic/transports#sending-messages-to-the-server',
    'sse-end': 'basic/transports#sending-messages-to-the-server',
    // 2025-11-25 results have no resultType; the rule is never put on them.
    'result-type': 'basic#responses',
    'progress-token': 'basic/utilities/progress#behavior-requirements',
    'cancelled-request': 'basic/utilities/cancellation#behavior-requirements',
  },
};

/**
 * Every invariant is a MUST in both revisions (2025-11-25: "only use capabilities that were
 * successfully negotiated"), except ending the stream after the response, which both SHOULD.
 */
export function invariantLevel(_revision: Revision, invariant: Invariant): Level {
  return invariant === 'sse-end' ? 'SHOULD' : 'MUST';
}

export function invariantSpec(revision: Revision, invariant: Invariant): string {
  return specUrl(revision, PAGES[revision][invariant]);
}
