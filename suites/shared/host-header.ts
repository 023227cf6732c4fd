// DNS rebinding: a web page on a name the attacker re-points at 127.0.0.1 reaches a local server
// with that foreign name in Host (and, from a script, often no Origin a server could refuse).
// The transport pages require Origin validation against exactly this attack and ask local
// servers to bind to localhost; they do not name Host, so refusing a foreign one is a SHOULD
// (inferred), judged only where the target is on a loopback address.
import type { CheckDefinition } from '../../harness/checks/check.js';
import { expectThat, observed } from '../../harness/checks/expect.js';
import type { Client } from '../../harness/lifecycles/client.js';
import { describeOutcome, resultOf } from '../../harness/lifecycles/profile.js';
import { cheapRequest } from '../../harness/lifecycles/sample-requests.js';
import { proveRead } from './barrier.js';
import { isLoopbackUrl } from './loopback.js';

export const FOREIGN_HOST = 'mcp-conform.rebind.example';

/** The client talks HTTP to localhost, 127.0.0.0/8 or [::1]. */
export function isLoopbackTarget(client: Client): boolean {
  return client.endpoint !== undefined && isLoopbackUrl(client.endpoint);
}

/** One check for both revisions; `spec` and `catalog` point at the revision's transport security text. */
export function foreignHostRefused<C extends Client>(spec: string, catalog: string[]): CheckDefinition<C> {
  return {
    slug: 'foreign-host-refused',
    title: 'A loopback server refuses a request whose Host names another site (DNS rebinding)',
    requirement:
      'Servers MUST validate Origin to prevent DNS rebinding attacks, and local servers SHOULD bind to localhost only; a request reaching a loopback server with a foreign name in Host is what a rebinding attack sends, so it should be refused with a 4xx (inferred: the spec names Origin, not Host).',
    level: 'SHOULD',
    spec,
    catalog,
    transports: ['http'],
    async run(ctx) {
      if (!isLoopbackTarget(ctx.client))
        ctx.skip(
          `the target ${ctx.client.endpoint ?? ''} is not on a loopback address, where a foreign Host may be how clients reach it`,
        );
      const method = cheapRequest(ctx.profile, ctx.revision);
      const own = await ctx.client.request(method, {});
      if (!resultOf(own))
        ctx.skip(
          `${method} with the endpoint's own Host got ${describeOutcome(own)}, so there is nothing to compare with`,
        );
      const foreign = await ctx.client.request(method, {}, { headers: { host: FOREIGN_HOST } });
      await proveRead(ctx.client, foreign, `${method} with Host ${FOREIGN_HOST}`);
      const status = foreign.http?.status ?? 0;
      expectThat(
        status >= 400 && status < 500 && !resultOf(foreign),
        `${method} with Host: ${FOREIGN_HOST} got HTTP ${status} with ${describeOutcome(foreign)}`,
        {
          expected: 'a 4xx refusal (e.g. 403, as for a foreign Origin, or 421)',
          actual: observed(foreign),
        },
      );
    },
  };
}
