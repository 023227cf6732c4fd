// Questions a check asks of the run's wire log instead of reaching into the transports.
import type { TransportKind } from '../model.js';
import type { WireEntry } from '../recorder/wire-log.js';

/** Names of the connections of the run that went over this transport (stdio ones spawned a process). */
export function connectionsOver(entries: readonly WireEntry[], transport: TransportKind): string[] {
  const names = new Set(entries.map((entry) => entry.connection));
  const spawned = new Set(entries.filter((entry) => entry.kind === 'process').map((entry) => entry.connection));
  return [...names].filter((name) => (transport === 'stdio' ? spawned.has(name) : !spawned.has(name) && name.startsWith('http')));
}
