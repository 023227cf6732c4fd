// The authorization servers a protected server names must be discoverable: each serves OAuth 2.0
// Authorization Server Metadata (RFC 8414) or OpenID Connect Discovery at one of the well-known
// URLs MCP clients try, in their order, and the document's issuer is identical to the name the
// server gave (RFC 8414 §3.3: otherwise clients must not use it). Only servers within reach are
// asked (the target's origin, loopback, or anywhere with --auth-follow).
import type { CheckDefinition } from '../../harness/checks/check.js';
import { expectThat } from '../../harness/checks/expect.js';
import type { Client } from '../../harness/lifecycles/client.js';
import { isObject, type JsonObject } from '../../harness/model.js';
import {
  bearerChallenge,
  findResourceMetadata,
  OUT_OF_REACH,
  refusalWithoutToken,
  STDIO_CREDENTIALS,
  withinReach,
  type Reach,
} from './auth.js';

/** Authorization servers judged per run: a document may list many; the first few tell. */
const MAX_JUDGED = 3;

/** Where MCP clients look for an issuer's metadata, in their order (RFC 8414 §3.1, and §5 for OpenID Connect). */
export function metadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, '');
  const oauth = `${url.origin}/.well-known/oauth-authorization-server`;
  const openid = `${url.origin}/.well-known/openid-configuration`;
  return path
    ? [`${oauth}${path}`, `${openid}${path}`, `${url.origin}${path}/.well-known/openid-configuration`]
    : [oauth, openid];
}

/** What is wrong with one authorization server's discovery; empty when its metadata holds. */
async function judgeIssuer(reach: Reach, issuer: string): Promise<{ problems: string[]; tried: string[] }> {
  const tried: string[] = [];
  for (const url of metadataUrls(issuer)) {
    const document = await reach.client.fetchDocument(url);
    if (!document) break;
    tried.push(`${url}: ${document.error ?? `HTTP ${document.status}`}`);
    if (document.status !== 200 || !isObject(document.json)) continue;
    const metadata = document.json as JsonObject;
    const problems: string[] = [];
    if (metadata.issuer !== issuer)
      problems.push(
        `${url} names issuer ${JSON.stringify(metadata.issuer)}, not the identical ${JSON.stringify(issuer)} (clients must not use it)`,
      );
    if (!Array.isArray(metadata.code_challenge_methods_supported))
      problems.push(`${url} lists no code_challenge_methods_supported (without it MCP clients refuse to proceed)`);
    return { problems, tried };
  }
  return { problems: [`${issuer} serves no metadata at ${metadataUrls(issuer).join(', ')}`], tried };
}

export function authorizationServerMetadata<C extends Client>(ref: {
  spec: string;
  catalog: string[];
}): CheckDefinition<C> {
  return {
    slug: 'authorization-server-metadata',
    title: 'The authorization servers the metadata names publish their own metadata',
    requirement:
      "MCP authorization servers MUST provide OAuth 2.0 Authorization Server Metadata (RFC 8414) or OpenID Connect Discovery 1.0, which clients look for at the well-known URLs in the spec's order; the issuer in the document MUST be identical to the one the URL was built from, and it lists code_challenge_methods_supported (PKCE: without it MCP clients MUST refuse to proceed). Judged for the authorization servers the Protected Resource Metadata names that are within reach (its origin, loopback, or anywhere with --auth-follow).",
    level: 'MUST',
    spec: ref.spec,
    catalog: ref.catalog,
    transports: ['http'],
    elsewhere: STDIO_CREDENTIALS,
    async run(ctx) {
      const refusal = await refusalWithoutToken(ctx);
      const search = await findResourceMetadata(ctx, bearerChallenge(refusal));
      const listed = isObject(search.found?.document.json)
        ? search.found.document.json.authorization_servers
        : undefined;
      const issuers = Array.isArray(listed) ? listed.filter((s): s is string => typeof s === 'string') : [];
      const valid = issuers.filter((issuer) => URL.canParse(issuer));
      if (valid.length === 0)
        return ctx.skip(
          'the Protected Resource Metadata names no authorization server URL (resource-metadata-valid judges it)',
        );
      const reached = valid.filter((issuer) => withinReach(issuer, ctx)).slice(0, MAX_JUDGED);
      for (const issuer of valid.filter((issuer) => !withinReach(issuer, ctx))) ctx.note(`${issuer}: ${OUT_OF_REACH}`);
      if (reached.length === 0)
        return ctx.skip(`no authorization server it names is within reach (${valid.join(', ')}: ${OUT_OF_REACH})`);
      const judged = await Promise.all(
        reached.map(async (issuer) => ({ issuer, ...(await judgeIssuer(ctx, issuer)) })),
      );
      const problems = judged.flatMap((j) => j.problems);
      expectThat(problems.length === 0, problems.join('; '), {
        expected:
          'RFC 8414 or OpenID Connect metadata whose issuer is the name given, listing code_challenge_methods_supported',
        actual: judged.map(({ issuer, tried }) => ({ issuer, tried })),
      });
    },
  };
}
