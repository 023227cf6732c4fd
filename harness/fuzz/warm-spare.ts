// A crash costs one restart, and a restart is mostly a process starting up: once a stdio server
// has had to be replaced, the next connection is opened and readied (handshake or discovery)
// ahead, while the cases go on, so the next replacement takes it at once. A spare made for other
// session capabilities is closed unused; one that died waiting (a server that cannot run twice
// at once) is counted, and after a few such losses no more are made.
import type { Client } from '../lifecycles/client.js';

/** Spares found dead before use after which the target goes back to cold starts. */
export const MAX_DEAD_SPARES = 3;

export class WarmSpare {
  private held: { key: string; client: Promise<Client | undefined> } | undefined;
  /** Spares found dead when wanted. */
  dead = 0;
  /** Connections that were a spare when taken. */
  taken = 0;

  get enabled(): boolean {
    return this.dead < MAX_DEAD_SPARES;
  }

  /** Starts readying one connection for `key` (the session it opens), unless one is held already. */
  prepare(key: string, make: () => Promise<Client>): void {
    if (!this.enabled || this.held) return;
    this.held = { key, client: make().catch(() => undefined) };
  }

  /** The spare readied for `key`, alive, or undefined (one for another key, or dead, is closed). */
  async take(key: string): Promise<Client | undefined> {
    const held = this.held;
    this.held = undefined;
    if (!held) return undefined;
    const client = await held.client;
    if (client && held.key === key && client.connection.alive) {
      this.taken++;
      return client;
    }
    if (held.key === key) this.dead++;
    await client?.connection.close().catch(() => undefined);
    return undefined;
  }

  /** Closes the spare, if any: the target is done. */
  async drop(): Promise<void> {
    const held = this.held;
    this.held = undefined;
    const client = await held?.client;
    await client?.connection.close().catch(() => undefined);
  }
}
