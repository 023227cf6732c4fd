// Escaping for the HTML report: every string that reaches the page passes through here.
import { INVISIBLE, visibleText } from '../text.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or attribute value: markup characters escaped, invisible characters made visible. */
export function esc(value: unknown): string {
  return visibleText(String(value ?? '')).replace(/[&<>"']/g, (char) => ENTITIES[char]);
}

/** A link target only when it is plainly http(s); anything else (javascript:, data:) is refused. */
export function safeHref(url: unknown): string | undefined {
  return typeof url === 'string' && /^https?:\/\/[^\s"'<>]+$/i.test(url) ? url : undefined;
}

const unicodeEscape = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * JSON for a <script type="application/json"> block: `<`, `>` and `&` escaped so no `</script>`
 * or `<!--` can end the block; U+2028/U+2029 so it is also a valid JS literal; invisible
 * characters (only ever inside JSON strings) as escapes, like everywhere else in the page.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/[<>&\u2028\u2029]/g, unicodeEscape)
    .replace(INVISIBLE, unicodeEscape);
}

/** Pretty JSON (or the string itself), escaped for a <pre>. */
export function escPretty(value: unknown): string {
  if (value === undefined) return '';
  let text: string;
  if (typeof value === 'string') text = value;
  else {
    try {
      text = JSON.stringify(value, null, 2) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return esc(text);
}
