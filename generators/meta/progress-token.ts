// Progress tokens (_meta.progressToken): a string or an integer, both allowed by the schema.
import fc from 'fast-check';

export function progressToken(): fc.Arbitrary<string | number> {
  return fc.oneof(
    fc.nat().map((n) => `mcp-conform-progress-${n}`),
    fc.nat({ max: 2 ** 31 - 1 }),
    fc.string({ minLength: 1, maxLength: 24 }),
  );
}
