// The embedded authorization server (`--auth-server embedded`): oidc-provider, a maintained and
// OpenID-certified OAuth 2.0 / OpenID Connect server, on loopback for one run. It publishes RFC 8414
// metadata and a JWKS, and issues JWT access tokens by the client-credentials grant with RFC 8707
// resource indicators: the audience is the resource asked for. The harness asks it for the run's
// tokens (valid, for another audience, expired, without scopes) like any OAuth client would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import type { AuthTokens } from '../checks/auth-tokens.js';

const CLIENT_SECRET = 'mcp-conform-embedded-client-secret';
/** The client whose tokens the provider back-dates: issued an hour ago, expired half an hour ago. */
const EXPIRED_CLIENT = 'mcp-conform-expired';
const CLIENT = 'mcp-conform';
/** A resource no MCP server under test is: tokens for it carry another audience. */
export const OTHER_AUDIENCE = 'https://other-audience.mcp-conform.invalid/mcp';
const TOKEN_TTL_S = 3600;

export interface EmbeddedIssuer {
  /** The issuer identifier (http://127.0.0.1:<port>). */
  issuer: string;
  /** RFC 8414 metadata. */
  metadataUrl: string;
  jwksUri: string;
  tokenEndpoint: string;
  /** Tokens for `resource` (the server's canonical URI); `scope` is what the valid token carries. */
  mint(resource: string, scope: string | undefined): Promise<AuthTokens>;
  close(): Promise<void>;
}

// Warnings oidc-provider prints that do not concern a one-run loopback server: Node 20 is not a
// runtime it lists, and its in-memory store is the right one for tokens that live one run.
const EXPECTED_WARNINGS = [
  'oidc-provider WARNING: Unsupported runtime',
  'oidc-provider WARNING: a quick start development-only in-memory adapter',
];

async function quietly<T>(work: () => Promise<T> | T): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!EXPECTED_WARNINGS.some((start) => String(args[0]).startsWith(start))) warn(...args);
  };
  try {
    return await work();
  } finally {
    console.warn = warn;
  }
}

export async function startEmbeddedIssuer(options: { port?: number } = {}): Promise<EmbeddedIssuer> {
  const Provider = (await quietly(() => import('oidc-provider'))).default;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'mcp-conform-embedded', alg: 'RS256', use: 'sig' };
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  // It serves while something else keeps the process alive (a run, a test); it never does so itself.
  server.unref();
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = (client_id: string) => ({
    client_id,
    client_secret: CLIENT_SECRET,
    grant_types: ['client_credentials'],
    redirect_uris: [],
    response_types: [],
    token_endpoint_auth_method: 'client_secret_basic',
  });
  const provider = await quietly(
    () =>
      new Provider(issuer, {
        clients: [client(CLIENT), client(EXPIRED_CLIENT)],
        jwks: { keys: [jwk] },
        features: {
          devInteractions: { enabled: false },
          clientCredentials: { enabled: true },
          resourceIndicators: {
            enabled: true,
            useGrantedResource: () => true,
            // Any resource asked for is an audience; the scopes granted are the ones asked for.
            getResourceServerInfo: (ctx: { oidc: { params?: Record<string, unknown> } }, resource: string) => ({
              scope: String(ctx.oidc.params?.scope ?? ''),
              audience: resource,
              accessTokenFormat: 'jwt',
              accessTokenTTL: TOKEN_TTL_S,
              jwt: { sign: { alg: 'RS256' } },
            }),
          },
        },
        formats: {
          customizers: {
            // Back-dating by the provider's own hook: the token stays one it signed and issued.
            jwt: (_ctx: unknown, token: { clientId?: string }, jwt: { payload: Record<string, unknown> }) => {
              if (token.clientId !== EXPIRED_CLIENT) return;
              const now = Math.floor(Date.now() / 1000);
              jwt.payload.iat = now - 3600;
              jwt.payload.nbf = now - 3600;
              jwt.payload.exp = now - 1800;
            },
          },
        },
        ttl: { ClientCredentials: TOKEN_TTL_S },
      } as never),
  );
  server.on('request', provider.callback());
  const metadataUrl = `${issuer}/.well-known/oauth-authorization-server`;
  const metadata = (await (await fetch(metadataUrl)).json()) as { token_endpoint: string; jwks_uri: string };

  const token = async (clientId: string, resource: string, scope: string | undefined): Promise<string> => {
    const body = new URLSearchParams({ grant_type: 'client_credentials', resource });
    if (scope) body.set('scope', scope);
    const response = await fetch(metadata.token_endpoint, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${CLIENT_SECRET}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body,
    });
    const answer = (await response.json()) as { access_token?: string; error?: string; error_description?: string };
    if (!answer.access_token)
      throw new Error(
        `the embedded authorization server refused a token: ${answer.error} ${answer.error_description ?? ''}`,
      );
    return answer.access_token;
  };

  return {
    issuer,
    metadataUrl,
    jwksUri: metadata.jwks_uri,
    tokenEndpoint: metadata.token_endpoint,
    async mint(resource, scope) {
      return {
        source: 'embedded',
        valid: await token(CLIENT, resource, scope),
        otherAudience: await token(CLIENT, OTHER_AUDIENCE, scope),
        expired: await token(EXPIRED_CLIENT, resource, scope),
        lowScope: scope ? await token(CLIENT, resource, undefined) : undefined,
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
