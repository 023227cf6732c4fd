// Text helpers shared by the reports: untrusted strings from the target pass through here.

/** Characters XML 1.0 forbids (controls other than tab/LF/CR, lone surrogates, U+FFFE/U+FFFF). */
const XML_ILLEGAL =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Makes any string safe to place in XML text: illegal characters become visible escapes. */
export function xmlSafe(text: string): string {
  return text.replace(XML_ILLEGAL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function oneLine(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function pretty(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

/**
 * Controls, lone surrogates, noncharacters and bidi overrides from the target shown as \uXXXX,
 * so invisible or reordering characters cannot hide or disguise evidence.
 */
export const INVISIBLE =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function visibleText(text: string): string {
  return text.replace(INVISIBLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const LINE_BREAKS: Record<string, string> = { '\r': '\\r', '\n': '\\n', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** visibleText on one line: a line break from the target shows as \n, so it cannot forge a line of ours. */
export function inlineText(text: string): string {
  return visibleText(text).replace(/[\r\n\u2028\u2029]/g, (char) => LINE_BREAKS[char]);
}
