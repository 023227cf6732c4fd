// Streamable HTTP requests whose media headers break the client rules: an Accept that does not
// list both application/json and text/event-stream, a Content-Type that is not application/json.
// The spec fixes no server reaction to either, so a 4xx refusal and a normal answer are both
// fine; a request that is served still gets one of the two response media types.
import type { CheckContext, CheckDefinition } from '../../../harness/checks/check.js';
import { observed } from '../../../harness/checks/expect.js';
import { describeOutcome } from '../../../harness/lifecycles/profile.js';
import type { StatelessClient } from '../../../harness/lifecycles/stateless-client.js';
import type { Exchange } from '../../../harness/lifecycles/exchange.js';

const SENDING = 'basic/transports/streamable-http#sending-messages';

type Variant = [label: string, value: string | null];

const ACCEPTS: Variant[] = [
  ['Accept: application/json', 'application/json'],
  ['Accept: text/event-stream', 'text/event-stream'],
  ['Accept: text/html', 'text/html'],
  ['no Accept', null],
];

const CONTENT_TYPES: Variant[] = [
  ['Content-Type: text/plain', 'text/plain'],
  ['no Content-Type', null],
];

/**
 * Refused (4xx) or served with application/json or text/event-stream holding the response:
 * both pass. A served answer of another shape breaks the MUST; a 5xx or no answer is a warning,
 * since no rule names the status for this request.
 */
function judge(ctx: CheckContext<StatelessClient>, exchange: Exchange, what: string): string {
  const status = exchange.http?.status;
  if (status !== undefined && status >= 400 && status < 500) return `${what}: refused with HTTP ${status}`;
  if (status !== undefined && status >= 200 && status < 300) {
    const type = exchange.http!.contentType;
    if (
      (type === 'application/json' || type === 'text/event-stream') &&
      exchange.response !== undefined &&
      !exchange.idTypeMismatch
    )
      return `${what}: served (${type})`;
    ctx.fail(
      `${what} was served with HTTP ${status}, Content-Type ${JSON.stringify(type)} and ${describeOutcome(exchange)}`,
      {
        expected: 'application/json or text/event-stream holding the response with the request id, or a 4xx refusal',
        actual: { ...observed(exchange), headers: exchange.http!.headers },
      },
    );
  }
  ctx.warn(
    `${what} got ${status === undefined ? describeOutcome(exchange) : `HTTP ${status}`}; a client mistake calls for a 4xx refusal or a normal answer`,
    {
      expected: 'a 4xx, or a normal answer',
      actual: observed(exchange),
    },
  );
}

async function probe(
  ctx: CheckContext<StatelessClient>,
  header: 'accept' | 'content-type',
  variants: Variant[],
): Promise<void> {
  const outcomes: string[] = [];
  for (const [label, value] of variants) {
    const exchange = await ctx.client.request(
      'server/discover',
      {},
      { headers: { [header]: value }, timeoutMs: Math.min(ctx.requestTimeoutMs, 5000) },
    );
    outcomes.push(judge(ctx, exchange, `server/discover with ${label}`));
  }
  ctx.note(outcomes.join('; '));
}

export const mediaTypeChecks: CheckDefinition<StatelessClient>[] = [
  {
    slug: 'accept-header-narrow',
    title: 'A request whose Accept does not list both media types is refused with a 4xx or served normally',
    requirement:
      'Clients MUST list application/json and text/event-stream in Accept; the spec sets no server reaction to a narrower or missing Accept, so a 4xx refusal (such as 406) or a normal answer is accepted. A request that is served MUST get application/json or text/event-stream holding its response; a 5xx or no answer is a warning.',
    level: 'MUST',
    spec: SENDING,
    catalog: ['HTTP-024', 'HTTP-005'],
    transports: ['http'],
    async run(ctx) {
      await probe(ctx, 'accept', ACCEPTS);
    },
  },
  {
    slug: 'content-type-wrong',
    title: 'A request body not labelled application/json is refused with a 4xx or served normally',
    requirement:
      'Clients POST JSON-RPC messages as application/json; the spec sets no server reaction to another or a missing Content-Type, so a 4xx refusal (such as 415) or a normal answer is accepted. A request that is served MUST get application/json or text/event-stream holding its response; a 5xx or no answer is a warning.',
    level: 'MUST',
    spec: SENDING,
    catalog: ['HTTP-005', 'HTTP-001'],
    transports: ['http'],
    async run(ctx) {
      await probe(ctx, 'content-type', CONTENT_TYPES);
    },
  },
];
