// Extra _meta members no request needs: well-named extension keys (com.example/trace), trace
// context, and keys that break the naming rule, with any JSON value.
import fc from 'fast-check';

const KEYS = [
  'com.example/trace',
  'com.example.deep/x',
  'traceparent',
  'baggage',
  'plain',
  'bad key',
  '-x/y',
  'io.modelcontextprotocol/unknown',
  '',
];

export function extensionKeys(): fc.Arbitrary<Record<string, unknown>> {
  return fc.dictionary(fc.constantFrom(...KEYS), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 2 });
}
