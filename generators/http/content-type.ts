// Content-Type values for a POST carrying a JSON-RPC request: absent, JSON with parameters or
// odd case, and types that are not JSON at all.
import fc from 'fast-check';

/** null: no Content-Type header. */
export function contentType(): fc.Arbitrary<string | null> {
  return fc.constantFrom<string | null>(
    null,
    '',
    'text/plain',
    'application/json; charset=utf-8',
    'application/json;charset=UTF-8',
    'APPLICATION/JSON',
    'application/json-rpc',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=mcp-conform',
    'text/event-stream',
  );
}
