// The run's tokens for a protected server: the user's own (--auth-token*), or the embedded
// authorization server's (--auth-server embedded), which the server under test must trust.
// The valid token rides on every request as the Authorization header; all of them are secrets.
import type { AuthTokens } from '../../checks/auth-tokens.js';
import { startEmbeddedIssuer, type EmbeddedIssuer } from '../../auth/embedded-issuer.js';
import type { TargetSpec } from '../../target.js';
import { wellKnownUrls } from '../../../suites/shared/auth.js';
import { UsageError } from './target-options.js';

export const AUTH_OPTIONS = {
  'auth-server': { type: 'string' },
  'auth-issuer-port': { type: 'string' },
  'auth-scope': { type: 'string' },
  'auth-token': { type: 'string' },
  'auth-token-other-audience': { type: 'string' },
  'auth-token-expired': { type: 'string' },
  'auth-token-low-scope': { type: 'string' },
  'auth-follow': { type: 'boolean' },
} as const;

export const AUTH_HELP = `Authorization (url targets; see README "Testing a protected server"):
  --auth-server embedded     start an authorization server on 127.0.0.1 for the run (prints
                             its issuer and JWKS for the server to trust) and test with its tokens
  --auth-issuer-port <port>  the embedded server's port (default: any free one)
  --auth-scope "<scopes>"    scopes of the valid token (default: the server's scopes_supported)
  --auth-token <token>       your own valid token (sent on every request); with any of:
  --auth-token-other-audience <t>, --auth-token-expired <t>, --auth-token-low-scope <t>
                             tokens from your authorization server that must be refused
                             (each check without its token is skipped, saying which flag)
  --auth-follow              fetch authorization documents wherever the server points (its
                             authorization server's metadata); by default only the target's
                             origin and loopback addresses are called`;

type AuthValues = { [K in Exclude<keyof typeof AUTH_OPTIONS, 'auth-follow'>]?: string } & { 'auth-follow'?: boolean };

export interface AuthPlan {
  embedded?: { port?: number; scope?: string };
  /** Tokens the user gave. */
  tokens?: AuthTokens;
  /** Documents may be fetched off the target's origin and loopback. */
  follow?: boolean;
}

export function authPlan(values: AuthValues): AuthPlan | undefined {
  const given = {
    valid: values['auth-token'],
    otherAudience: values['auth-token-other-audience'],
    expired: values['auth-token-expired'],
    lowScope: values['auth-token-low-scope'],
  };
  const anyToken = Object.values(given).some((token) => token !== undefined);
  const follow = values['auth-follow'] === true || undefined;
  for (const [key, token] of Object.entries(given))
    if (token !== undefined && !/^[\x21-\x7e]+$/.test(token))
      throw new UsageError(
        `--${key === 'valid' ? 'auth-token' : 'auth-token-…'}: a token is printable ASCII without spaces`,
      );
  if (values['auth-server'] !== undefined) {
    if (values['auth-server'] !== 'embedded')
      throw new UsageError(
        `--auth-server: embedded is the one authorization server offered, not "${values['auth-server']}"`,
      );
    if (anyToken) throw new UsageError('give --auth-server embedded or your own --auth-token*, not both');
    const portText = values['auth-issuer-port'];
    const port = portText === undefined ? undefined : Number(portText);
    if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536))
      throw new UsageError(`--auth-issuer-port: a TCP port (1-65535), not "${portText}"`);
    return { embedded: { port, scope: values['auth-scope'] }, follow };
  }
  if (values['auth-issuer-port'] !== undefined || values['auth-scope'] !== undefined)
    throw new UsageError('--auth-issuer-port and --auth-scope go with --auth-server embedded');
  if (!anyToken) return follow ? { follow } : undefined;
  const tokens: AuthTokens = { source: 'user' };
  for (const [key, token] of Object.entries(given)) if (token !== undefined) tokens[key as 'valid'] = token;
  return { tokens, follow };
}

/** The scopes a server lists in its Protected Resource Metadata (same origin only), for the embedded server's valid token. */
async function scopesSupported(endpoint: string): Promise<string | undefined> {
  for (const candidate of wellKnownUrls(endpoint)) {
    try {
      const response = await fetch(candidate, { signal: AbortSignal.timeout(5000), redirect: 'manual' });
      if (response.status !== 200) continue;
      const document = JSON.parse(await boundedText(response)) as { scopes_supported?: unknown };
      if (Array.isArray(document.scopes_supported))
        return document.scopes_supported.filter((s): s is string => typeof s === 'string').join(' ') || undefined;
    } catch {
      // Not served, or not JSON: the token carries no scope.
    }
  }
  return undefined;
}

/** The most of a metadata document read before giving up on it (the checks read within the same bound). */
const MAX_METADATA_BYTES = 256 * 1024;

/** The body as text, or an error past MAX_METADATA_BYTES: a server's document never costs more than that. */
async function boundedText(response: Response): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > MAX_METADATA_BYTES) throw new Error('metadata document too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export interface PreparedAuth {
  target: TargetSpec;
  tokens?: AuthTokens;
  close(): Promise<void>;
}

/** Starts the embedded server if asked, mints or takes the tokens, and puts the valid one on the target's requests. */
export async function prepareAuth(
  plan: AuthPlan | undefined,
  target: TargetSpec,
  say: (line: string) => void,
): Promise<PreparedAuth> {
  const none = { target, close: async () => undefined };
  if (!plan) return none;
  if (target.kind !== 'http') {
    say('authorization flags apply to url targets only; this stdio target takes its credentials from its environment');
    return none;
  }
  if (Object.keys(target.headers).some((name) => name.toLowerCase() === 'authorization'))
    throw new UsageError('an Authorization --header and --auth-* both give the token; give it once');
  let issuer: EmbeddedIssuer | undefined;
  let tokens = plan.tokens;
  if (plan.embedded) {
    try {
      issuer = await startEmbeddedIssuer({ port: plan.embedded.port });
    } catch (error) {
      throw new UsageError(`--auth-server embedded could not start: ${(error as Error).message}`);
    }
    const scope = plan.embedded.scope ?? (await scopesSupported(target.url));
    tokens = await issuer.mint(target.url, scope);
    say(
      `embedded authorization server: issuer ${issuer.issuer}, metadata ${issuer.metadataUrl}, JWKS ${issuer.jwksUri}; ` +
        `its tokens carry aud ${target.url}${scope ? ` and scope "${scope}"` : ' and no scope'}: configure the server to trust this issuer for that audience`,
    );
  }
  const headers = tokens?.valid ? { ...target.headers, Authorization: `Bearer ${tokens.valid}` } : target.headers;
  return { target: { ...target, headers }, tokens, close: async () => issuer?.close() };
}
