// The authorization checks that need tokens an authorization server issued (suites/shared/auth.ts
// answers their questions): expired, for another audience, with a forged signature, with too few
// scopes, and a tokenless request after an accepted one. Their tokens come from the user
// (--auth-token-*) or the embedded authorization server (--auth-server embedded); a check
// without its token skips, naming the flag that gives it.
import { forgedSignature, TOKEN_FLAGS, type AuthTokens } from '../../harness/checks/auth-tokens.js';
import type { CheckContext, CheckDefinition } from '../../harness/checks/check.js';
import { expectThat, observed } from '../../harness/checks/expect.js';
import type { Client } from '../../harness/lifecycles/client.js';
import { cheapRequest } from '../../harness/lifecycles/sample-requests.js';
import {
  bearerChallenge,
  refusalWithoutToken,
  requestWithToken,
  served,
  statusText,
  STDIO_CREDENTIALS,
} from './auth.js';

export interface AuthTokenRefs {
  /** Expired, forged and other-audience tokens get 401. */
  tokenHandling: { spec: string; catalog: string[] };
  /** The audience rows, where the revision keeps them apart. */
  audience: { spec: string; catalog: string[] };
  /** Refusals use the status the error table gives. */
  errorHandling: { spec: string; catalog: string[] };
  /** Every request is authorized on its own. */
  everyRequest: { spec: string; catalog: string[] };
  /** A token in the query string authorizes nothing. */
  queryToken: { spec: string; catalog: string[] };
  /** Too few scopes get 403 insufficient_scope. */
  insufficientScope: { spec: string; catalog: string[] };
}

type TokenKey = Exclude<keyof AuthTokens, 'source'>;

const HOW_TO_GET = 'or --auth-server embedded with a server that trusts it';

function tokenOrSkip<C extends Client>(ctx: CheckContext<C>, key: TokenKey): string {
  const token = ctx.authTokens?.[key];
  if (!token) {
    const from = ctx.authTokens?.source === 'embedded' ? 'the embedded authorization server issued none' : undefined;
    ctx.skip(`needs ${TOKEN_FLAGS[key]} (${from ?? `not given; ${HOW_TO_GET}`})`);
  }
  return token;
}

/** A token the server must refuse with 401: sent on a request it would otherwise serve. */
export function refusedToken<C extends Client>(
  slug: string,
  title: string,
  requirement: string,
  ref: { spec: string; catalog: string[] },
  token: (ctx: CheckContext<C>) => string,
  what: string,
): CheckDefinition<C> {
  return {
    slug,
    title,
    requirement,
    level: 'MUST',
    spec: ref.spec,
    catalog: ref.catalog,
    transports: ['http'],
    elsewhere: STDIO_CREDENTIALS,
    async run(ctx) {
      await refusalWithoutToken(ctx);
      const exchange = await requestWithToken(ctx, `Bearer ${token(ctx)}`);
      expectThat(
        exchange.http?.status === 401,
        `a request with ${what} got ${statusText(exchange)}${served(exchange) ? ', and was served' : ''}`,
        { expected: 'HTTP 401', actual: observed(exchange) },
      );
    },
  };
}

export function authTokenChecks<C extends Client>(refs: AuthTokenRefs): CheckDefinition<C>[] {
  return [
    refusedToken(
      'expired-token-rejected',
      'An expired token is refused with 401',
      'An access token whose exp has passed (here by half an hour, beyond any clock leeway) is invalid: the server validates it as an OAuth 2.1 resource server and answers 401.',
      refs.tokenHandling,
      (ctx) => tokenOrSkip(ctx, 'expired'),
      'an expired token',
    ),
    refusedToken(
      'other-audience-rejected',
      'A token issued for another resource is refused with 401',
      'The server accepts only tokens issued for it as the audience (RFC 8707 resource): a token its authorization server issued for another resource gets 401.',
      refs.audience,
      (ctx) => tokenOrSkip(ctx, 'otherAudience'),
      'a token for another audience',
    ),
    refusedToken(
      'forged-signature-rejected',
      'A token whose signature was altered is refused with 401',
      "The server validates a token's signature: the valid token with its signature altered is no token its authorization server issued and gets 401.",
      refs.tokenHandling,
      (ctx) => {
        const forged = forgedSignature(tokenOrSkip(ctx, 'valid'));
        return forged ?? ctx.skip('the valid token is not a JWT, so it has no signature to alter');
      },
      'the valid token with an altered signature',
    ),
    {
      slug: 'each-request-authorized',
      title: 'A request without a token is refused after an accepted one',
      requirement:
        'Authorization is checked on every HTTP request: after a request with a valid token was served, the next request on the same connection (and, in 2025-11-25, the same session) without a token still gets 401.',
      level: 'MUST',
      spec: refs.everyRequest.spec,
      catalog: refs.everyRequest.catalog,
      transports: ['http'],
      elsewhere: STDIO_CREDENTIALS,
      async run(ctx) {
        await refusalWithoutToken(ctx);
        const own = await ctx.fresh();
        const method = cheapRequest(ctx.profile, ctx.revision);
        const accepted = await own.request(method);
        if (!served(accepted))
          ctx.skip(
            `needs a token the server accepts (the run's own got ${statusText(accepted)}): give ${TOKEN_FLAGS.valid} ${HOW_TO_GET}`,
          );
        const after = await own.request(method, {}, { headers: { authorization: null } });
        expectThat(
          after.http?.status === 401,
          `${method} without a token, right after one with a token was served, got ${statusText(after)}${served(after) ? ', and was served' : ''}`,
          { expected: 'HTTP 401', actual: observed(after) },
        );
      },
    },
    {
      slug: 'query-token-refused',
      title: 'A token in the query string is not accepted',
      requirement:
        'Access tokens travel in the Authorization header and never in the URI query string, which OAuth 2.1 gives no meaning: a request whose only token is the valid one as ?access_token= carries no authorization and gets 401, like any request without a token.',
      level: 'MUST',
      spec: refs.queryToken.spec,
      catalog: refs.queryToken.catalog,
      transports: ['http'],
      elsewhere: STDIO_CREDENTIALS,
      async run(ctx) {
        await refusalWithoutToken(ctx);
        const token = tokenOrSkip(ctx, 'valid');
        const exchange = await ctx.client.request(
          cheapRequest(ctx.profile, ctx.revision),
          {},
          {
            headers: { authorization: null },
            query: { access_token: token },
          },
        );
        expectThat(
          exchange.http?.status === 401,
          `a request with the valid token only in its query string got ${statusText(exchange)}${served(exchange) ? ', and was served' : ''}`,
          { expected: 'HTTP 401', actual: observed(exchange) },
        );
      },
    },
    {
      slug: 'insufficient-scope-403',
      title: 'A token with too few scopes gets 403 insufficient_scope',
      requirement:
        'A request whose token lacks the scopes it needs should get 403 Forbidden with WWW-Authenticate: Bearer error="insufficient_scope" and scope naming the scopes needed. A server that serves the request found the scopes enough, and is not judged.',
      level: 'SHOULD',
      spec: refs.insufficientScope.spec,
      catalog: refs.insufficientScope.catalog,
      transports: ['http'],
      elsewhere: STDIO_CREDENTIALS,
      async run(ctx) {
        await refusalWithoutToken(ctx);
        const exchange = await requestWithToken(ctx, `Bearer ${tokenOrSkip(ctx, 'lowScope')}`);
        if (served(exchange))
          ctx.skip('the server served the request with the low-scope token: it needs no more scope for it');
        const challenge = bearerChallenge(exchange);
        const problems: string[] = [];
        if (exchange.http?.status !== 403) problems.push(`got ${statusText(exchange)}, not 403`);
        if (challenge?.params.error !== 'insufficient_scope') problems.push('no Bearer error="insufficient_scope"');
        if (!challenge?.params.scope?.trim()) problems.push('no scope naming what is needed');
        expectThat(problems.length === 0, `a token with too few scopes: ${problems.join('; ')}`, {
          expected: 'HTTP 403, WWW-Authenticate: Bearer error="insufficient_scope", scope="<needed>"',
          actual: { status: exchange.http?.status, challenge: exchange.http?.headers['www-authenticate'] ?? null },
        });
      },
    },
    {
      slug: 'malformed-authorization-refused',
      title: 'A malformed Authorization header is refused with 400 or 401',
      requirement:
        'Authorization failures get the status the error table gives: a malformed authorization request (a Bearer scheme with no token, or with two) is not served, and gets 400 Bad Request or 401 Unauthorized.',
      level: 'MUST',
      spec: refs.errorHandling.spec,
      catalog: refs.errorHandling.catalog,
      transports: ['http'],
      elsewhere: STDIO_CREDENTIALS,
      async run(ctx) {
        await refusalWithoutToken(ctx);
        for (const header of ['Bearer', 'Bearer one two']) {
          const exchange = await requestWithToken(ctx, header);
          const code = exchange.http?.status;
          expectThat(code === 400 || code === 401, `Authorization: "${header}" got ${statusText(exchange)}`, {
            expected: 'HTTP 400 (malformed) or 401',
            actual: observed(exchange),
          });
        }
      },
    },
  ];
}
