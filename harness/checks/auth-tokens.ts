// Access tokens the authorization checks present to a protected server, beside the one every
// request of the run carries (an Authorization header of the target). Each comes from the user
// (--auth-token-*) or from the embedded authorization server (harness/auth); a check whose token
// is missing skips, naming the flag that would give it.

export interface AuthTokens {
  /** Where they came from: the user's own authorization server, or the embedded one. */
  source: 'user' | 'embedded';
  /** Accepted by the server: issued for it, in date, with the scopes it asks for. */
  valid?: string;
  /** Issued by its authorization server for another resource (RFC 8707 audience). */
  otherAudience?: string;
  /** Issued for it, but expired (well beyond any clock leeway). */
  expired?: string;
  /** Issued for it without the scopes it asks for. */
  lowScope?: string;
}

/** The flag that supplies each token, for skip reasons. */
export const TOKEN_FLAGS: Record<Exclude<keyof AuthTokens, 'source'>, string> = {
  valid: '--auth-token',
  otherAudience: '--auth-token-other-audience',
  expired: '--auth-token-expired',
  lowScope: '--auth-token-low-scope',
};

/**
 * The same JWT with its signature changed (its first byte flipped): what no authorization server
 * signed. Undefined for a token that is not a JWS in compact form (an opaque token).
 */
export function forgedSignature(token: string): string | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]+$/.test(part))) return undefined;
  const signature = Buffer.from(parts[2]!, 'base64url');
  if (signature.length === 0) return undefined;
  signature[0] = signature[0]! ^ 0xff;
  return `${parts[0]}.${parts[1]}.${signature.toString('base64url')}`;
}

/** Every token value, for the report's secrets. */
export function tokenValues(tokens: AuthTokens | undefined): Array<{ name: string; value: string }> {
  if (!tokens) return [];
  return (Object.keys(TOKEN_FLAGS) as Array<keyof typeof TOKEN_FLAGS>).flatMap((key) => {
    const value = tokens[key];
    if (!value) return [];
    const forged = key === 'valid' ? forgedSignature(value) : undefined;
    return [
      { name: TOKEN_FLAGS[key], value },
      ...(forged ? [{ name: `${TOKEN_FLAGS[key]} (forged signature)`, value: forged }] : []),
    ];
  });
}
