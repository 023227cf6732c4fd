// Credentials written as `name=value` in free text: a DSN (`host=db password=...`), a log line, a
// connection string. Judged by the name alone, wherever the text came from.
import { ALREADY } from './redact-url.js';

/** `password=`, `pwd=`, `token=`, `api_key=`, `key=` (also ending a longer name, `access_key=`) and kin. */
const PAIR = /(?<![A-Za-z0-9])(password|passwd|pwd|token|secret|api[_-]?key|key)=(["']?)([^\s"'&;,\\<>()]{6,})/gi;

/** The values of the credential pairs in `text`, 6 characters or more. */
export function pairValues(text: string): string[] {
  if (!text.includes('=')) return [];
  return [...text.matchAll(PAIR)].map((match) => match[3]).filter((value) => !value.startsWith(ALREADY));
}

/** `text` with the value of every credential pair replaced; `found` hears each replacement's name. */
export function redactPairs(text: string, found: (name: string) => void): string {
  if (!text.includes('=')) return text;
  return text.replace(PAIR, (whole, name: string, quote: string, value: string) => {
    if (value.startsWith(ALREADY)) return whole;
    const label = `pair ${name.toLowerCase()}`;
    found(label);
    return `${name}=${quote}[redacted:${label}]`;
  });
}
