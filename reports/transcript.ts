// Plain-text rendering of a wire transcript, for JUnit system-out and the console.
import type { WireEntry } from '../harness/results/wire-entry.js';

const ARROWS: Record<WireEntry['direction'], string> = {
  'client->server': '>>',
  'server->client': '<<',
  harness: '--',
};

export function entryLine(entry: WireEntry): string {
  const head = `${entry.t.toFixed(1).padStart(9)}ms ${entry.connection.padEnd(8)} ${ARROWS[entry.direction]} ${entry.kind}`;
  const parts: string[] = [];
  if (entry.http?.method) parts.push(`${entry.http.method} ${entry.http.url ?? ''}`);
  if (entry.http?.status !== undefined) parts.push(`HTTP ${entry.http.status}`);
  if (entry.http?.headers)
    parts.push(
      Object.entries(entry.http.headers)
        .map(([k, v]) => `${k}: ${v}`)
        .join('; '),
    );
  if (entry.sse && (entry.sse.event || entry.sse.id || entry.sse.retry !== undefined))
    parts.push(`sse ${JSON.stringify(entry.sse)}`);
  if (entry.message !== undefined) parts.push(JSON.stringify(entry.message));
  else if (entry.text !== undefined) parts.push(JSON.stringify(entry.text));
  if (entry.truncated) parts.push(`[${entry.bytes} bytes, truncated]`);
  if (entry.note) parts.push(`(${entry.note})`);
  if (entry.schema) parts.push(`[schema ${entry.schema.def}: ${entry.schema.issues.slice(0, 3).join('; ')}]`);
  return `${head} ${parts.join(' ')}`;
}

export function renderTranscript(entries: WireEntry[], dropped?: number): string {
  const lines = entries.map(entryLine);
  if (dropped)
    lines.splice(Math.min(lines.length, Math.floor(lines.length / 3)), 0, `[... ${dropped} entries not kept ...]`);
  return lines.join('\n');
}
