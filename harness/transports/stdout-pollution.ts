// Stray bytes on a stdio server's stdout: the first ones are logged one by one, a flood is
// counted and logged as one entry when the connection ends.
import type { ConnectionLog } from './connection-log.js';

/** Stray lines logged one by one per connection; the rest are counted. */
export const POLLUTION_LOGGED = 1000;

export class StdoutPollution {
  /** Stray lines seen so far, logged or not. */
  seen = 0;
  private unlogged = { count: 0, bytes: 0 };

  constructor(private readonly log: ConnectionLog) {}

  /** Past the logged ones, a line need not even be parsed to say why it is noise. */
  get flooding(): boolean {
    return this.seen >= POLLUTION_LOGGED;
  }

  record(bytes: Uint8Array, note: string, totalBytes = bytes.length): void {
    this.seen++;
    if (this.seen > POLLUTION_LOGGED) {
      this.unlogged.count++;
      this.unlogged.bytes += totalBytes;
      return;
    }
    this.log.record({
      direction: 'server->client',
      kind: 'pollution',
      ...this.log.recorder.describeBytes(bytes),
      ...(totalBytes > bytes.length ? { bytes: totalBytes, truncated: true } : {}),
      note,
    });
  }

  /** The count of what was not logged one by one, as one entry. */
  flush(): void {
    const { count, bytes } = this.unlogged;
    if (count === 0) return;
    this.log.record({
      direction: 'server->client',
      kind: 'pollution',
      count,
      bytes,
      note: `${count} more non-JSON-RPC stdout lines (${bytes} bytes) not logged one by one`,
    });
    this.unlogged = { count: 0, bytes: 0 };
  }
}
