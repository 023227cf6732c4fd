// The per-request timeout follows the server: answer times seen during discovery, times a wide
// margin, within the bounds the user set. A slow machine then waits longer instead of failing.
import { idKey } from '../transports/types.js';
import type { WireEntry } from '../recorder/wire-log.js';
import { isObject } from '../model.js';

/** How many times its slowest discovery answer a request may take before we stop waiting. */
export const ANSWER_TIME_MARGIN = 5;

export interface TimeoutBounds {
  /** The floor: never wait less than this (`--timeout`). */
  minMs: number;
  /** The ceiling of the adaptation (`--max-timeout`). */
  maxMs: number;
}

/**
 * Answer times of the requests in a log, in ms. The first request on each stdio process is left
 * out: it waits for the process to start, which the start-up allowance covers on its own.
 */
export function answerTimes(entries: readonly WireEntry[]): number[] {
  const sent = new Map<string, number>();
  const firstOnConnection = new Set<string>();
  const seenConnections = new Set<string>();
  const times: number[] = [];
  for (const entry of entries) {
    const message = entry.message;
    if (entry.kind !== 'message' || !isObject(message) || !('id' in message)) continue;
    const key = `${entry.connection} ${idKey(message.id)}`;
    if (entry.direction === 'client->server' && typeof message.method === 'string') {
      sent.set(key, entry.t);
      if (entry.connection.startsWith('stdio') && !seenConnections.has(entry.connection)) firstOnConnection.add(key);
      seenConnections.add(entry.connection);
    } else if (entry.direction === 'server->client' && !('method' in message)) {
      const at = sent.get(key);
      if (at === undefined) continue;
      sent.delete(key);
      if (!firstOnConnection.has(key)) times.push(entry.t - at);
    }
  }
  return times;
}

export function adaptedTimeout(times: readonly number[], bounds: TimeoutBounds): number {
  const slowest = times.length > 0 ? Math.max(...times) : 0;
  const wanted = Math.ceil(slowest * ANSWER_TIME_MARGIN);
  return Math.max(bounds.minMs, Math.min(Math.max(bounds.maxMs, bounds.minMs), wanted));
}
