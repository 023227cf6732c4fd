// The authorization checks both revisions share (suites/shared/auth.ts answers their questions);
// each revision gives its own page anchors and requirement rows. Checks that need a token an
// authorization server issued (another audience, expired, too few scopes) are in auth-token-checks.ts.
import type { CheckDefinition } from '../../harness/checks/check.js';
import { expectThat, observed } from '../../harness/checks/expect.js';
import type { Client } from '../../harness/lifecycles/client.js';
import { describeOutcome } from '../../harness/lifecycles/profile.js';
import { isObject } from '../../harness/model.js';
import { refusedToken } from './auth-token-checks.js';
import {
  bearerChallenge,
  canonicalResource,
  findResourceMetadata,
  OUT_OF_REACH,
  refusalWithoutToken,
  STDIO_CREDENTIALS,
} from './auth.js';

export interface AuthRefs {
  /** page#anchor and requirement rows for: a request without a token gets 401. */
  unauthenticated: { spec: string; catalog: string[] };
  /** The refusal leads to the Protected Resource Metadata (challenge or well-known URI). */
  discovery: { spec: string; catalog: string[] };
  /** The document's content. */
  document: { spec: string; catalog: string[] };
  /** A token no authorization server issued gets 401. */
  invalidToken: { spec: string; catalog: string[] };
  /** The challenge names the scope. */
  scope: { spec: string; catalog: string[] };
  /** Other HTTP methods the revision's transport uses, refused alike without a token. */
  otherMethods: Array<'GET' | 'DELETE'>;
}

const INVALID_TOKEN = 'mcp-conform-invalid-token-9d4c1e';

export function authChecks<C extends Client>(refs: AuthRefs): CheckDefinition<C>[] {
  return [
    {
      slug: 'unauthenticated-rejected',
      title: 'A protected server refuses a request without a token with 401',
      requirement: `Authorization is required on every HTTP request to a protected server: one without a token gets 401 Unauthorized (403 is for insufficient scope, 400 for a malformed authorization request)${refs.otherMethods.length > 0 ? `, on POST and on ${refs.otherMethods.join(' and ')} alike (never served)` : ''}. A server that serves a request without any token is not protected and is not judged.`,
      level: 'MUST',
      spec: refs.unauthenticated.spec,
      catalog: refs.unauthenticated.catalog,
      transports: ['http'],
      elsewhere: STDIO_CREDENTIALS,
      async run(ctx) {
        const refusal = await refusalWithoutToken(ctx);
        expectThat(
          refusal.http?.status === 401,
          `a request without a token got HTTP ${refusal.http?.status}, not 401`,
          {
            expected: 'HTTP 401',
            actual: observed(refusal),
          },
        );
        for (const httpMethod of refs.otherMethods) {
          const other = await ctx.client.sendRaw('', { httpMethod, headers: { authorization: null } });
          const status = other.http?.status ?? 0;
          expectThat(status < 200 || status >= 300, `${httpMethod} without a token was served (HTTP ${status})`, {
            expected: `HTTP 401 (or 405 where the server offers no ${httpMethod})`,
            actual: observed(other),
          });
          if (status !== 401) ctx.note(`${httpMethod} without a token got HTTP ${status || describeOutcome(other)}`);
        }
      },
    },
    {
      slug: 'challenge-names-metadata',
      title: 'The refusal leads to the Protected Resource Metadata',
      requirement:
        'A protected server advertises its authorization server through OAuth 2.0 Protected Resource Metadata (RFC 9728): its 401 carries WWW-Authenticate: Bearer with resource_metadata naming the document, or the document is served at a well-known URI (/.well-known/oauth-protected-resource under the endpoint path, then at the root).',
      level: 'MUST',
      spec: refs.discovery.spec,
      catalog: refs.discovery.catalog,
      transports: ['http'],
      elsewhere: STDIO_CREDENTIALS,
      async run(ctx) {
        const refusal = await refusalWithoutToken(ctx);
        const challenge = bearerChallenge(refusal);
        const search = await findResourceMetadata(ctx, challenge);
        if (!search.found && search.unreached)
          return ctx.skip(
            `the challenge names ${search.unreached}, ${OUT_OF_REACH}, and no well-known URI serves the document`,
          );
        if (!challenge?.params.resource_metadata && search.found)
          ctx.note(`no resource_metadata in the challenge; the document was found at ${search.found.url}`);
        expectThat(
          search.found !== undefined,
          'no Protected Resource Metadata found by the challenge or a well-known URI',
          {
            expected: 'WWW-Authenticate: Bearer resource_metadata="<url>", or the document at a well-known URI',
            actual: { challenge: refusal.http?.headers['www-authenticate'] ?? null, tried: search.tried },
          },
        );
      },
    },
    {
      slug: 'resource-metadata-valid',
      title: 'The Protected Resource Metadata names this server and its authorization servers',
      requirement:
        'The Protected Resource Metadata is a JSON object whose resource is the canonical URI of this MCP server (RFC 8707: the endpoint, or a URI it lies under on the same origin; compared without fragment or trailing slash) and whose authorization_servers lists at least one authorization server.',
      level: 'MUST',
      spec: refs.document.spec,
      catalog: refs.document.catalog,
      transports: ['http'],
      elsewhere: STDIO_CREDENTIALS,
      async run(ctx) {
        const refusal = await refusalWithoutToken(ctx);
        const search = await findResourceMetadata(ctx, bearerChallenge(refusal));
        if (!search.found)
          return ctx.skip('no Protected Resource Metadata was found (challenge-names-metadata judges that)');
        const document = search.found.document.json as Record<string, unknown>;
        const problems: string[] = [];
        const resource = typeof document.resource === 'string' ? canonicalResource(document.resource) : undefined;
        const endpoint = canonicalResource(ctx.client.endpoint!)!;
        // The endpoint itself, or a URI it lies under on the same origin (the origin for a root document).
        const covers = resource !== undefined && (resource === endpoint || endpoint.startsWith(`${resource}/`));
        if (!covers)
          problems.push(`resource ${JSON.stringify(document.resource)} is not this server (${ctx.client.endpoint})`);
        else if (resource !== endpoint)
          ctx.note(`resource ${resource} names the server by a URI its endpoint lies under`);
        const servers = document.authorization_servers;
        if (!Array.isArray(servers) || servers.length === 0 || !servers.every((s) => typeof s === 'string'))
          problems.push(`authorization_servers is ${JSON.stringify(servers)}, not a non-empty list of URLs`);
        expectThat(problems.length === 0, `the document at ${search.found.url}: ${problems.join('; ')}`, {
          expected: `{ "resource": "${ctx.client.endpoint}", "authorization_servers": ["<issuer>", ...] }`,
          actual: document,
        });
      },
    },
    refusedToken(
      'invalid-token-rejected',
      'A token no authorization server issued is refused with 401',
      'The server validates access tokens as an OAuth 2.1 resource server: an invalid or expired token gets 401 Unauthorized, and the request is not served.',
      refs.invalidToken,
      () => INVALID_TOKEN,
      'an invalid token',
    ),
    {
      slug: 'challenge-scope',
      title: 'The 401 challenge names the scope a request needs',
      requirement:
        'The Bearer challenge of a 401 should include scope, the scopes a client needs (they may match scopes_supported, be a subset or superset of it, or another set: not judged).',
      level: 'SHOULD',
      spec: refs.scope.spec,
      catalog: refs.scope.catalog,
      transports: ['http'],
      elsewhere: STDIO_CREDENTIALS,
      async run(ctx) {
        const refusal = await refusalWithoutToken(ctx);
        const challenge = bearerChallenge(refusal);
        if (!challenge)
          return ctx.skip('the refusal has no Bearer challenge (challenge-names-metadata judges the refusal)');
        const scope = challenge.params.scope;
        expectThat(typeof scope === 'string' && scope.trim() !== '', 'the 401 Bearer challenge names no scope', {
          expected: 'WWW-Authenticate: Bearer ..., scope="<scopes>"',
          actual: refusal.http?.headers['www-authenticate'],
        });
        // The challenge's scopes MAY match scopes_supported, be a subset or a superset of it, or
        // another set altogether: a difference is noted, never judged.
        const search = await findResourceMetadata(ctx, challenge);
        const supported = isObject(search.found?.document.json)
          ? search.found.document.json.scopes_supported
          : undefined;
        if (Array.isArray(supported)) {
          const unlisted = scope!.split(/\s+/).filter((s) => s && !supported.includes(s));
          if (unlisted.length > 0)
            ctx.note(`the challenge asks for scope(s) scopes_supported does not list: ${unlisted.join(' ')}`);
        }
      },
    },
  ];
}
