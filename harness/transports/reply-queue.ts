// Replies to a stdio server's own requests, written one batch at a time. A server that floods us with
// requests and stops reading would otherwise hold one pending write (a promise, its callback and the
// awaiting function) per reply: 20,000 replies in a 1 MB backlog cost 20 MB of heap per connection.
// Queued replies are plain text joined into the next write, so what is held is the bytes themselves.
import type { ServerProcess } from './server-process.js';

export class ReplyQueue {
  private queued: string[] = [];
  private queuedBytes = 0;
  private writing = false;

  constructor(private readonly process: Pick<ServerProcess, 'stdinBacklog' | 'write'>) {}

  /** What we have given the server that it has not read yet: bytes in the pipe's stream, characters queued here. */
  get backlog(): number {
    return this.process.stdinBacklog + this.queuedBytes;
  }

  send(line: string): void {
    this.queued.push(line);
    this.queuedBytes += line.length;
    if (!this.writing) void this.drain();
  }

  private async drain(): Promise<void> {
    this.writing = true;
    while (this.queued.length > 0) {
      const text = this.queued.join('');
      this.queued = [];
      this.queuedBytes = 0;
      if (!(await this.process.write(text))) break; // closed: nothing more reaches it
    }
    this.queued = [];
    this.queuedBytes = 0;
    this.writing = false;
  }
}
