// Authorization from the resource server's side, as both revisions ask of a protected HTTP
// server: a request without a token (or with one no authorization server issued) is refused
// with 401, the refusal points at the Protected Resource Metadata (RFC 9728) by a Bearer
// challenge or a well-known URI, and that document names the server and its authorization
// servers. A server that serves a request without any token is not protected: these checks skip.
import type { CheckContext } from '../../harness/checks/check.js';
import type { Client } from '../../harness/lifecycles/client.js';
import type { Exchange, FetchedDocument } from '../../harness/lifecycles/exchange.js';
import { describeOutcome, resultOf } from '../../harness/lifecycles/profile.js';
import { cheapRequest } from '../../harness/lifecycles/sample-requests.js';
import { isObject } from '../../harness/model.js';
import { isLoopbackUrl } from './loopback.js';

/** The spec's reason the authorization checks leave stdio out (basic#auth: implementations over stdio SHOULD NOT follow this flow). */
export const STDIO_CREDENTIALS =
  'a stdio server retrieves its credentials from the environment instead of this authorization flow';

export interface Challenge {
  scheme: string;
  params: Record<string, string>;
}

/** Every challenge of a WWW-Authenticate value (RFC 9110 §11.6.1): `scheme k=v, k="quoted", scheme2 ...`. */
export function parseChallenges(header: string): Challenge[] {
  const challenges: Challenge[] = [];
  const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+/;
  let rest = header.trim();
  while (rest.length > 0) {
    const scheme = token.exec(rest)?.[0];
    if (!scheme) break;
    const challenge: Challenge = { scheme, params: {} };
    challenges.push(challenge);
    rest = rest.slice(scheme.length).trimStart();
    // Parameters until one that is not `name=value` (the next scheme) or the end.
    while (rest.length > 0) {
      const pair = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+)\s*=\s*/.exec(rest);
      if (!pair) break;
      rest = rest.slice(pair[0].length);
      let value: string;
      if (rest.startsWith('"')) {
        let i = 1;
        value = '';
        while (i < rest.length && rest[i] !== '"') {
          if (rest[i] === '\\' && i + 1 < rest.length) i++;
          value += rest[i++];
        }
        rest = rest.slice(i + 1);
      } else {
        value = /^[^,\s]*/.exec(rest)![0];
        rest = rest.slice(value.length);
      }
      challenge.params[pair[1].toLowerCase()] = value;
      rest = rest.replace(/^\s*,\s*/, '');
    }
    rest = rest.replace(/^\s*,\s*/, '');
  }
  return challenges;
}

/** The server answered the request with a result (2xx): it let it through. */
export const served = (exchange: Exchange): boolean =>
  resultOf(exchange) !== undefined && (exchange.http?.status ?? 0) < 300;

/** "HTTP 401", or what came instead of an HTTP answer. */
export const statusText = (exchange: Exchange): string =>
  exchange.http ? `HTTP ${exchange.http.status}` : describeOutcome(exchange);

/** The Bearer challenge of a refusal, if it has one. */
export function bearerChallenge(exchange: Exchange): Challenge | undefined {
  const header = exchange.http?.headers['www-authenticate'];
  return header ? parseChallenges(header).find((c) => c.scheme.toLowerCase() === 'bearer') : undefined;
}

/** A request the server owes any client, sent with the Authorization header left out (or replaced). */
export function requestWithToken<C extends Client>(
  ctx: CheckContext<C>,
  authorization: string | null,
): Promise<Exchange> {
  return ctx.client.request(cheapRequest(ctx.profile, ctx.revision), {}, { headers: { authorization } });
}

/**
 * A request without a token as the first request of a new connection (2025-11-25: an initialize,
 * with no session yet), so nothing the server may remember of this run's earlier, authorized
 * requests lets it through. A server that serves it is not protected, and the check skips.
 */
export async function refusalWithoutToken<C extends Client>(ctx: CheckContext<C>): Promise<Exchange> {
  if (ctx.client.transport !== 'http') ctx.skip('applies to http only');
  const fresh = await ctx.fresh({ initialize: false });
  const options = { headers: { authorization: null } };
  const exchange =
    'initializeParams' in fresh && typeof fresh.initializeParams === 'function'
      ? await fresh.request('initialize', fresh.initializeParams(), options)
      : await fresh.request(cheapRequest(ctx.profile, ctx.revision), {}, options);
  if (served(exchange))
    ctx.skip('the server serves requests without a token: it is not protected, so there is no authorization to test');
  if (!exchange.http) ctx.inconclusive(`the request without a token got ${describeOutcome(exchange)}`);
  return exchange;
}

/** Where RFC 9728 puts the document for this endpoint, in the order MCP clients try them: under the path, then at the root. */
export function wellKnownUrls(endpoint: string): string[] {
  const url = new URL(endpoint);
  const path = url.pathname.replace(/\/$/, '');
  const root = `${url.origin}/.well-known/oauth-protected-resource`;
  return path ? [`${root}${path}`, root] : [root];
}

export interface MetadataSearch {
  /** The first document found, and where. */
  found?: { url: string; via: 'challenge' | 'well-known'; document: FetchedDocument };
  /** Every URL tried, with what it gave. */
  tried: Array<{ url: string; outcome: string }>;
  /** The challenge's URL, left unfetched: it is off the target's origin and loopback, and --auth-follow was not given. */
  unreached?: string;
}

/** What a search for authorization documents needs of the check: its client, and whether it may call out. */
export type Reach = Pick<CheckContext, 'authFollow'> & { client: Client };

/**
 * Whether the harness calls a URL a server named: the target's own origin and loopback hosts
 * always, anywhere else only when the user passed --auth-follow (a hostile server must not make
 * the harness call out).
 */
export function withinReach(url: string, { client, authFollow }: Reach): boolean {
  if (authFollow) return true;
  try {
    return new URL(url).origin === new URL(client.endpoint!).origin || isLoopbackUrl(url);
  } catch {
    return false;
  }
}

export const OUT_OF_REACH = "not fetched: off the target's origin and loopback (--auth-follow allows it)";

/** The Protected Resource Metadata: the challenge's resource_metadata first, then the well-known URIs. */
export async function findResourceMetadata(reach: Reach, challenge: Challenge | undefined): Promise<MetadataSearch> {
  const { client } = reach;
  const search: MetadataSearch = { tried: [] };
  const candidates: Array<{ url: string; via: 'challenge' | 'well-known' }> = [];
  const named = challenge?.params.resource_metadata;
  if (named && /^https?:\/\//i.test(named)) {
    if (withinReach(named, reach)) candidates.push({ url: named, via: 'challenge' });
    else {
      search.unreached = named;
      search.tried.push({ url: named, outcome: OUT_OF_REACH });
    }
  }
  for (const url of wellKnownUrls(client.endpoint!)) candidates.push({ url, via: 'well-known' });
  for (const candidate of candidates) {
    const document = await client.fetchDocument(candidate.url);
    if (!document) break;
    const outcome = document.error ?? `HTTP ${document.status}${isObject(document.json) ? ' with a JSON object' : ''}`;
    search.tried.push({ url: candidate.url, outcome });
    if (document.status === 200 && isObject(document.json)) {
      search.found = { ...candidate, document };
      break;
    }
  }
  return search;
}

/** The canonical form a resource identifier is compared in: scheme and host lower-cased, no fragment, no trailing slash. */
export function canonicalResource(uri: string): string | undefined {
  try {
    const url = new URL(uri);
    url.hash = '';
    return url.href.replace(/\/$/, '');
  } catch {
    return undefined;
  }
}
