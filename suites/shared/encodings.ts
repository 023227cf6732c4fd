// Encodings content carries in both revisions: base64 payloads and MIME types.

/** RFC 4648 base64 with padding, nothing else (no whitespace, no URL-safe alphabet). */
export function isStrictBase64(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    value.length % 4 === 0 &&
    /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(value)
  );
}

const TOKEN = "[A-Za-z0-9!#$%&'*+.^_`|~-]+";
const MIME = new RegExp(`^${TOKEN}/${TOKEN}(\\s*;\\s*${TOKEN}=(${TOKEN}|"[^"]*"))*$`);

/** type/subtype with optional parameters (RFC 6838 / RFC 9110 media-type syntax). */
export function isMimeType(value: unknown): boolean {
  return typeof value === 'string' && MIME.test(value);
}
