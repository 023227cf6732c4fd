// Requests a stdio server sends the client: answered through the handler the lifecycle sets (or
// refused with -32601), a flood counted past the first ones, and never answered faster than the
// server reads: replies to a server that stopped reading would pile up in our memory.
import type { JsonObject } from '../model.js';
import type { WireInput } from '../recorder/wire-log.js';
import type { ConnectionLog } from './connection-log.js';
import { ReplyQueue } from './reply-queue.js';
import type { ServerProcess } from './server-process.js';
import type { ServerRequestHandler } from './types.js';

/** Server-to-client requests logged one by one per connection; the rest are counted. */
const SERVER_REQUESTS_LOGGED = 1000;
/** Replies to server requests wait while this much of our writing is still unread by the server. */
const MAX_STDIN_BACKLOG = 1024 * 1024;

export class ServerRequestDesk {
  handler: ServerRequestHandler | undefined;
  private counts = { seen: 0, unlogged: 0, unanswered: 0 };
  private readonly replies: ReplyQueue;

  constructor(
    private readonly log: ConnectionLog,
    process: Pick<ServerProcess, 'stdinBacklog' | 'write'>,
  ) {
    this.replies = new ReplyQueue(process);
  }

  take(request: JsonObject, base: Omit<WireInput, 'connection' | 'direction' | 'kind' | 'message'>): void {
    const logged = ++this.counts.seen <= SERVER_REQUESTS_LOGGED;
    if (logged) this.log.serverMessage({ ...base, checks: this.log.tags.tags() }, request, undefined);
    else if (this.counts.unlogged++ === 0)
      this.log.note(`more than ${SERVER_REQUESTS_LOGGED} server requests: the rest are counted, not logged one by one`);
    if (this.replies.backlog > MAX_STDIN_BACKLOG) this.counts.unanswered++;
    else void this.answer(request, logged);
  }

  private async answer(request: JsonObject, logged: boolean): Promise<void> {
    const reply = this.handler
      ? await this.handler(request)
      : { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: 'Method not found' } };
    if (logged) this.log.record({ direction: 'client->server', kind: 'message', message: reply });
    this.replies.send(`${JSON.stringify(reply)}\n`);
  }

  /** What was counted and not logged or not answered, as one note. */
  flush(): void {
    const { unlogged, unanswered } = this.counts;
    if (unlogged === 0 && unanswered === 0) return;
    const parts = [
      unlogged > 0 ? `${unlogged} more server requests not logged one by one` : '',
      unanswered > 0
        ? `${unanswered} not answered: the server had not read ${MAX_STDIN_BACKLOG} bytes we had written to it`
        : '',
    ].filter(Boolean);
    this.log.note(parts.join('; '));
    this.counts = { ...this.counts, unlogged: 0, unanswered: 0 };
  }
}
