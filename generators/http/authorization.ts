// Authorization header values no authorization server issued: opaque junk, JWT-shaped tokens signed
// with no key at all ("alg": "none") or with a key nobody holds, other schemes, the scheme's case
// and spacing varied, an empty or very long credential. None is derived from the run's real token,
// so a report that quotes one leaks nothing. Shrinks toward a short opaque Bearer token.
import fc from 'fast-check';

export interface InvalidAuthorization {
  /** How the value was made, e.g. "an unsigned JWT (alg none)". */
  kind: string;
  value: string;
}

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const b64token = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...B64URL.split('')), minLength: min, maxLength: max });
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Claims a resource server might accept if it skipped verification: long valid, for some audience. */
const claims = fc.record({
  sub: b64token(1, 12),
  iss: fc.constantFrom('http://127.0.0.1', 'https://issuer.example', 'mcp-conform'),
  aud: fc.constantFrom('http://127.0.0.1/mcp', 'mcp', 'https://resource.example/mcp'),
  scope: fc.constantFrom('mcp', 'mcp:tools', 'openid', ''),
});

function jwt(alg: 'none' | 'HS256' | 'RS256'): fc.Arbitrary<InvalidAuthorization> {
  return fc.tuple(claims, b64token(0, 43)).map(([payload, signature]) => {
    // Fixed times (issued 2023, expiring 2100), so a seed gives the same bytes on any day.
    const body = base64url({ ...payload, iat: 1_700_000_000, exp: 4_102_444_800 });
    const sig = alg === 'none' ? '' : signature;
    return {
      kind: alg === 'none' ? 'an unsigned JWT (alg none)' : `a JWT signed ${alg} with a key nobody holds`,
      value: `Bearer ${base64url({ alg, typ: 'JWT' })}.${body}.${sig}`,
    };
  });
}

const schemeSpelling = fc.constantFrom('Bearer ', 'bearer ', 'BEARER ', 'Bearer  ', 'Bearer\t');

export function invalidAuthorization(): fc.Arbitrary<InvalidAuthorization> {
  return fc.oneof(
    b64token(1, 64).map((token) => ({ kind: 'an opaque token never issued', value: `Bearer ${token}` })),
    jwt('none'),
    jwt('HS256'),
    jwt('RS256'),
    fc
      .tuple(schemeSpelling, b64token(8, 40))
      .map(([scheme, token]) => ({ kind: 'the scheme spelt another way', value: `${scheme}${token}` })),
    fc.tuple(fc.constantFrom('Basic ', 'Token ', 'Digest ', 'MAC ', ''), b64token(4, 40)).map(([scheme, token]) => ({
      kind: scheme ? `the ${scheme.trim()} scheme` : 'no scheme',
      value: `${scheme}${token}`,
    })),
    fc.constantFrom('', 'Bearer', 'Bearer ', 'Bearer =').map((value) => ({ kind: 'no credential', value })),
    fc.integer({ min: 1024, max: 8192 }).map((length) => ({
      kind: `an opaque token of ${length} characters`,
      value: `Bearer ${'a'.repeat(length)}`,
    })),
  );
}
