// What a check saw, the useful part first: the HTTP status, the JSON-RPC error code and message,
// what a result held; the whole value stays one click away. Reads the shapes checks record
// (harness/checks/expect.ts `observed`: httpStatus, response, outcome, body) and falls back to a
// one-line preview for anything else.
import { isObject } from '../../harness/results/vocabulary.js';
import { esc, escPretty } from './escape.js';

/** Past this many characters a gist line is cut; the whole value is in the disclosure. */
const LINE_MAX = 240;

function cut(text: string): string {
  return text.length > LINE_MAX ? `${text.slice(0, LINE_MAX)}…` : text;
}

function oneLine(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function responseGist(response: Record<string, unknown>): string[] {
  const error = response.error;
  if (isObject(error)) return [`error ${oneLine(error.code)}: ${oneLine(error.message)}`];
  if ('result' in response) {
    const result = response.result;
    return [
      isObject(result) ? `result with ${Object.keys(result).join(', ') || 'no members'}` : `result ${oneLine(result)}`,
    ];
  }
  return [];
}

/** The lines worth reading first, or none when the value has no recognised part. */
export function actualGist(value: unknown): string[] {
  if (!isObject(value)) return [];
  const lines: string[] = [];
  const status = value.httpStatus ?? (typeof value.status === 'number' ? value.status : undefined);
  if (status !== undefined) lines.push(`HTTP ${oneLine(status)}`);
  const message = isObject(value.response) ? value.response : value.jsonrpc !== undefined ? value : undefined;
  if (message) lines.push(...responseGist(message));
  if (typeof value.outcome === 'string') lines.push(value.outcome);
  if (typeof value.body === 'string' && value.body !== '') lines.push(`body: ${value.body}`);
  return lines.map(cut);
}

/** Actual, as HTML: the gist (or a short value whole), then the whole value behind <details>. */
export function renderActual(value: unknown): string {
  if (value === undefined) return '<pre><span class="muted">(not recorded)</span></pre>';
  const whole = escPretty(value);
  const gist = actualGist(value);
  const flat = oneLine(value);
  if (gist.length === 0 && flat.length <= LINE_MAX && !flat.includes('\n')) return `<pre>${whole}</pre>`;
  const first = gist.length ? gist : [cut(flat)];
  return `<pre class="gist">${first.map(esc).join('\n')}</pre><details class="whole"><summary>Whole answer (${flat.length} characters)</summary><pre>${whole}</pre></details>`;
}
