// Questions a check asks of the run's wire log instead of reaching into the transports.
import type { TransportKind } from '../model.js';
import type { WireEntry } from '../recorder/wire-log.js';

/** Names of the connections of the run that went over this transport (stdio ones spawned a process). */
export function connectionsOver(entries: readonly WireEntry[], transport: TransportKind): string[] {
  const names = new Set(entries.map((entry) => entry.connection));
  const spawned = new Set(entries.filter((entry) => entry.kind === 'process').map((entry) => entry.connection));
  return [...names].filter((name) =>
    transport === 'stdio' ? spawned.has(name) : !spawned.has(name) && name.startsWith('http'),
  );
}

/**
 * The unanswered-request entries whose request never reached the server: marked unsent by the
 * transport, or written on a connection after its process's exit entry. The exit is the verdict of
 * the check it interrupted; a request that came after it was never received.
 */
export function neverReceived(entries: readonly WireEntry[]): Set<WireEntry> {
  const spawned = new Set<string>();
  const exitedAt = new Map<string, number>();
  const writtenAt = new Map<string, number>();
  const found = new Set<WireEntry>();
  for (const entry of entries) {
    // A stdio connection's first process entry is its spawn, the next its exit.
    if (entry.kind === 'process') {
      if (!spawned.has(entry.connection)) spawned.add(entry.connection);
      else if (!exitedAt.has(entry.connection)) exitedAt.set(entry.connection, entry.seq);
    }
    const message = entry.message as { id?: unknown; method?: unknown } | undefined;
    if (
      entry.direction === 'client->server' &&
      entry.kind === 'message' &&
      typeof message?.method === 'string' &&
      message.id !== undefined
    ) {
      writtenAt.set(`${entry.connection} ${JSON.stringify(message.id)}`, entry.seq);
    }
    if (entry.anomaly !== 'unanswered') continue;
    const exit = exitedAt.get(entry.connection);
    const written = writtenAt.get(`${entry.connection} ${JSON.stringify(entry.requestId)}`);
    if (entry.unsent || (exit !== undefined && written !== undefined && written > exit)) found.add(entry);
  }
  return found;
}

/** The longest a request on this connection waited for its answer, in ms (0 when none was answered). */
export function slowestAnswerMs(entries: readonly WireEntry[], connection: string): number {
  const sentAt = new Map<string, number>();
  let slowest = 0;
  for (const entry of entries) {
    if (entry.connection !== connection || entry.kind !== 'message') continue;
    const message = entry.message as { id?: unknown; method?: unknown } | undefined;
    if (message?.id === undefined || message.id === null) continue;
    const key = JSON.stringify(message.id);
    if (entry.direction === 'client->server' && typeof message.method === 'string') sentAt.set(key, entry.t);
    else if (entry.direction === 'server->client' && message.method === undefined && sentAt.has(key)) {
      slowest = Math.max(slowest, entry.t - sentAt.get(key)!);
      sentAt.delete(key);
    }
  }
  return slowest;
}
