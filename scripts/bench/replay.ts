// The floor of a benchmark: the same client messages a harness run sent, replayed by a minimal
// client (one connection per recorded connection, messages in order, no checks, no schema).
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { createParser } from 'eventsource-parser';
import { Agent, request } from 'undici';
import type { RunResults } from '../../harness/results/results.js';
import type { WireEntry } from '../../harness/recorder/wire-log.js';

interface Sent {
  seq: number;
  body: string;
  id?: unknown;
  headers?: Record<string, string>;
  /** The harness got a response to it; the floor waits for one too. */
  answered: boolean;
}

/** Client messages per connection, in the order the harness sent them. */
export function recordedTraffic(results: RunResults): Map<string, Sent[]> {
  const entries = new Map<number, WireEntry>();
  for (const check of results.checks) for (const entry of check.transcript) entries.set(entry.seq, entry);
  for (const run of results.revisions) for (const entry of run.discoveryTranscript) entries.set(entry.seq, entry);
  const ordered = [...entries.values()].sort((a, b) => a.seq - b.seq);
  const answeredIds = new Set<string>();
  for (const entry of ordered) {
    const message = entry.message as { id?: unknown; result?: unknown; error?: unknown } | undefined;
    if (entry.direction === 'server->client' && message && ('result' in message || 'error' in message))
      answeredIds.add(`${entry.connection} ${JSON.stringify(message.id)}`);
  }
  const byConnection = new Map<string, Sent[]>();
  let pendingHeaders: Record<string, string> | undefined;
  for (const entry of ordered) {
    if (entry.direction !== 'client->server') continue;
    if (entry.kind === 'http-request') {
      // The request line follows the message entry; attach the headers to the last message.
      pendingHeaders = entry.http?.headers;
      const list = byConnection.get(entry.connection);
      if (list && list.length > 0 && !list[list.length - 1].headers) list[list.length - 1].headers = pendingHeaders;
      continue;
    }
    if (entry.kind !== 'message' && entry.kind !== 'raw') continue;
    const body = entry.kind === 'message' ? JSON.stringify(entry.message) : (entry.text ?? '');
    const message = entry.message as { id?: unknown; method?: unknown } | undefined;
    const isRequest = message !== undefined && 'id' in message && typeof message.method === 'string';
    const list = byConnection.get(entry.connection) ?? [];
    list.push({
      seq: entry.seq,
      body,
      id: isRequest ? message!.id : undefined,
      answered: isRequest && answeredIds.has(`${entry.connection} ${JSON.stringify(message!.id)}`),
    });
    byConnection.set(entry.connection, list);
  }
  return byConnection;
}

async function replayStdio(command: string, args: string[], messages: Sent[], timeoutMs: number): Promise<void> {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'] });
  const waiting = new Map<string, () => void>();
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      const message = JSON.parse(line) as { id?: unknown };
      waiting.get(JSON.stringify(message.id))?.();
    } catch {
      /* not JSON: the floor does not care */
    }
  });
  for (const sent of messages) {
    const answered = sent.answered
      ? new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, timeoutMs);
          waiting.set(JSON.stringify(sent.id), () => {
            clearTimeout(timer);
            resolve();
          });
        })
      : undefined;
    child.stdin!.write(sent.body.endsWith('\n') ? sent.body : `${sent.body}\n`);
    if (answered) await answered;
  }
  // The floor is the round trips; teardown is not waited for (some servers ignore stdin EOF).
  child.stdin!.end();
  child.kill('SIGKILL');
}

/** Reads a POST's answer the way a minimal client would: up to the response to `id`, no further. */
async function readAnswer(
  body: AsyncIterable<Buffer> & { destroy(): void },
  contentType: string,
  sent: Sent,
): Promise<void> {
  if (!contentType.includes('text/event-stream')) {
    for await (const chunk of body) void chunk;
    return;
  }
  // Streams may stay open after the answer (or never carry one): stop where the harness stops.
  if (!sent.answered) return body.destroy();
  let done = false;
  const parser = createParser({
    onEvent: (event) => {
      try {
        const message = JSON.parse(event.data) as { id?: unknown; result?: unknown; error?: unknown };
        if (('result' in message || 'error' in message) && JSON.stringify(message.id) === JSON.stringify(sent.id))
          done = true;
      } catch {
        /* not JSON: the floor does not care */
      }
    },
  });
  for await (const chunk of body) {
    parser.feed(chunk.toString('utf8'));
    if (done) return body.destroy();
  }
}

async function replayHttp(url: string, messages: Sent[], timeoutMs: number): Promise<void> {
  const agent = new Agent();
  for (const sent of messages) {
    const headers = {
      ...(sent.headers ?? { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }),
    };
    for (const [name, value] of Object.entries(headers)) if (value === '[redacted]') delete headers[name];
    try {
      const response = await request(url, {
        method: 'POST',
        body: sent.body,
        headers,
        dispatcher: agent,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      await readAnswer(response.body, String(response.headers['content-type'] ?? ''), sent);
    } catch {
      /* a refused or timed-out request costs what it costs */
    }
  }
  await agent.close();
}

export type Target = { kind: 'stdio'; command: string; args: string[] } | { kind: 'http'; url: string };

/** Wall time of the replay, with up to `parallel` connections at once. */
export async function replayFloor(
  results: RunResults,
  target: Target,
  parallel: number,
  timeoutMs = 5000,
): Promise<{ ms: number; requests: number; connections: number }> {
  const traffic = [...recordedTraffic(results).values()];
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < traffic.length) {
      const messages = traffic[next++];
      if (target.kind === 'stdio') await replayStdio(target.command, target.args, messages, timeoutMs);
      else await replayHttp(target.url, messages, timeoutMs);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
  return {
    ms: performance.now() - started,
    requests: traffic.reduce((sum, list) => sum + list.filter((m) => m.id !== undefined).length, 0),
    connections: traffic.length,
  };
}
