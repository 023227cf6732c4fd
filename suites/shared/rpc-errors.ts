// JSON-RPC error behaviour both revisions share: the request objects JSON-RPC 2.0 answers with
// -32600, text no parser can read (-32700), and the shape of every error message of a run.
import type { CheckContext, CheckDefinition } from '../../harness/checks/check.js';
import { expectError, expectThat, observed } from '../../harness/checks/expect.js';
import type { Client } from '../../harness/lifecycles/client.js';
import { describeOutcome } from '../../harness/lifecycles/profile.js';
import { isObject, isResponse, type JsonObject } from '../../harness/model.js';
import { type WireEntry, wholeMessage } from '../../harness/recorder/wire-log.js';
import { idContradiction } from '../../harness/schema/contradictions.js';
import type { Exchange } from '../../harness/lifecycles/exchange.js';
import { barrierMethod } from './barrier.js';
import { where } from './wire-pairs.js';

/** Longest error.message still taken for "a concise single sentence". */
export const MAX_ERROR_MESSAGE_LENGTH = 500;
const MAX_LISTED = 10;

/** The start of a request cut off mid-object: not JSON, and no id can be read from it. */
export function truncatedRequest(method: string): string {
  return `{"jsonrpc": "2.0", "method": "${method}", "params": {"_meta": `;
}

/** The answer to unparseable text: -32700 without an id (a null id is what JSON-RPC 2.0 writes: warned). */
export function judgeParseError(ctx: Pick<CheckContext, 'warn'>, exchange: Exchange): void {
  // HTTP: JSON-RPC 2.0 answers the text with -32700, the transport lets input the server cannot accept
  // get an HTTP error status whose body MAY hold that error. The spec allows both: warned, not failed.
  const status = exchange.http?.status;
  if (exchange.response === undefined && status !== undefined && status >= 400 && status < 500) {
    ctx.warn(
      `the text that is not JSON got HTTP ${status} with no JSON-RPC error: the transport allows an error status alone for input it cannot accept (its body MAY hold the error), JSON-RPC 2.0 answers with -32700`,
      { expected: 'error -32700 (an HTTP error status alone is allowed by the transport)', actual: observed(exchange) },
    );
    return;
  }
  expectError(exchange, -32700);
  const id = exchange.response?.id;
  const contradiction = idContradiction(exchange.response);
  if (contradiction) ctx.warn(contradiction, { expected: 'no id member', actual: observed(exchange) });
  expectThat(
    id === undefined,
    `the parse error carries id ${JSON.stringify(id)}, but no id could be read from the text`,
    { expected: 'no id member', actual: observed(exchange) },
  );
}

export interface InvalidRequest {
  what: string;
  message: JsonObject;
}

const without = (message: JsonObject, member: string): JsonObject =>
  Object.fromEntries(Object.entries(message).filter(([key]) => key !== member));

/**
 * Request objects JSON-RPC 2.0 and MCP rule out, each a change to a valid request `valid(envelope)`:
 * ids that are null or structured (with `moreIds`, also fractional and arrays), a wrong or missing
 * jsonrpc member, no string method.
 */
export function invalidRequests(
  valid: (envelope: JsonObject) => JsonObject,
  options: { moreIds?: boolean } = {},
): InvalidRequest[] {
  const moreIds = options.moreIds
    ? [
        { what: 'id 1.5 (not an integer)', message: valid({ id: 1.5 }) },
        { what: 'id an object', message: valid({ id: { n: 1 } }) },
        { what: 'id an array', message: valid({ id: [1] }) },
      ]
    : [{ what: 'id an object', message: valid({ id: { n: 1 } }) }];
  return [
    { what: 'id null', message: valid({ id: null }) },
    ...moreIds,
    { what: 'jsonrpc "1.0"', message: valid({ id: 'invalid-jsonrpc-version', jsonrpc: '1.0' }) },
    { what: 'no jsonrpc member', message: without(valid({ id: 'invalid-no-jsonrpc' }), 'jsonrpc') },
    { what: 'method a number', message: valid({ id: 'invalid-method-number', method: 42 }) },
    { what: 'no method', message: without(valid({ id: 'invalid-no-method' }), 'method') },
  ];
}

/**
 * Sends every malformed request, each on a connection of its own and all at once, so no case
 * hides another: a server silent on one still meets the rest, one that stops on one is named
 * for it, and silence costs one wait, not one per case. After each case the connection must go on
 * (the barrier request is answered). Each case not answered with an accepted code is listed; a stop
 * leads the list. Silence the server is not proven to have chosen is for the verdict rules.
 */
export async function judgeInvalidRequests<C extends Client>(
  ctx: Pick<CheckContext, 'fail'> & { fresh(): Promise<C> },
  cases: readonly InvalidRequest[],
  send: (client: C, message: JsonObject) => Promise<Exchange>,
  accepted: (message: JsonObject) => number[],
): Promise<void> {
  const runs = await Promise.all(
    cases.map(async ({ what, message }) => {
      const client = await ctx.fresh();
      const exchange = await send(client, message);
      const after = exchange.transportError ? exchange : await client.request(barrierMethod(client), {});
      return { what, message, exchange, stopped: after.transportError };
    }),
  );
  const answered = ({ message, exchange }: (typeof runs)[number]) => {
    const error = exchange.response?.error;
    return isObject(error) && typeof error.code === 'number' && accepted(message).includes(error.code);
  };
  const got = (exchange: Exchange) =>
    isObject(exchange.response?.error) ? `error ${String(exchange.response.error.code)}` : describeOutcome(exchange);
  const stops = runs.filter((run) => run.stopped);
  const missed = runs.filter((run) => !answered(run));
  const listed = missed.map((m) => `${m.what}: ${got(m.exchange)}`).join('; ');
  const evidence = {
    expected: 'JSON-RPC error -32600 for each, and a server that goes on',
    actual: runs.filter((r) => r.stopped || !answered(r)).map((r) => ({ request: r.what, ...observed(r.exchange) })),
  };
  if (stops.length > 0)
    ctx.fail(
      `the server stopped on the request with ${stops.map((s) => s.what).join(' and with ')}${listed ? `; ${listed}` : ''}`,
      evidence,
    );
  expectThat(
    missed.length === 0,
    `${missed.length} of ${cases.length} malformed requests did not get -32600: ${listed}`,
    evidence,
  );
}

export interface ErrorSeen {
  code: unknown;
  message: unknown;
  at: ReturnType<typeof where>;
  /** Long strings of the request this error answers: quoting them back is not the server's wording. */
  quoted?: string[];
}

/** Strings at least this long that a request carried count as quoted when an error repeats them. */
const QUOTED_MIN_LENGTH = 40;

function longStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string' && value.length >= QUOTED_MIN_LENGTH) out.push(value);
  else if (Array.isArray(value)) value.forEach((item) => longStrings(item, out));
  else if (isObject(value)) Object.values(value).forEach((item) => longStrings(item, out));
  return out;
}

/** Every error response the server sent in these entries, with the long strings of the request it answers. */
export function errorsIn(entries: readonly WireEntry[]): ErrorSeen[] {
  const requests = new Map<string, unknown>();
  for (const entry of entries) {
    if (entry.direction !== 'client->server' || entry.kind !== 'message' || !isObject(wholeMessage(entry))) continue;
    const id = (wholeMessage(entry) as JsonObject).id;
    if (typeof id === 'string' || typeof id === 'number')
      requests.set(`${entry.connection} ${JSON.stringify(id)}`, (wholeMessage(entry) as JsonObject).params);
  }
  return entries
    .filter(
      (entry) =>
        entry.direction === 'server->client' &&
        entry.kind === 'message' &&
        isResponse(wholeMessage(entry)) &&
        isObject((wholeMessage(entry) as JsonObject).error),
    )
    .map((entry) => {
      const response = wholeMessage(entry) as JsonObject;
      const error = response.error as JsonObject;
      const quoted = longStrings(requests.get(`${entry.connection} ${JSON.stringify(response.id)}`));
      return { code: error.code, message: error.message, at: where(entry), ...(quoted.length > 0 ? { quoted } : {}) };
    });
}

/** Errors whose message is not one short sentence: empty, spanning lines, or long, not counting what it quotes of the request. */
export function wordyErrors(errors: readonly ErrorSeen[]): ErrorSeen[] {
  return errors.filter(({ message, quoted = [] }) => {
    if (typeof message !== 'string' || message.trim() === '') return true;
    const own = quoted.reduce((text, sent) => text.split(sent).join('…'), message);
    return /[\r\n]/.test(own) || own.length > MAX_ERROR_MESSAGE_LENGTH;
  });
}

/** The post-phase check that every error message of the revision's traffic is one short sentence. */
export function errorMessageCheck<C extends Client>(
  catalog: string[],
  scope: string,
  errorsOf: (ctx: CheckContext<C>) => ErrorSeen[],
): CheckDefinition<C> {
  return {
    slug: 'error-message',
    title: 'Error messages are one short sentence',
    requirement: `error.message SHOULD be limited to a concise single sentence: judged here as non-empty, without line breaks, at most ${MAX_ERROR_MESSAGE_LENGTH} characters (checked over ${scope}).`,
    level: 'SHOULD',
    spec: 'schema#error',
    catalog,
    phase: 'post',
    async run(ctx) {
      const bad = wordyErrors(errorsOf(ctx));
      if (bad.length === 0) return;
      ctx.fail(
        `${bad.length} error message(s) are empty, span lines or run long; first: ${JSON.stringify(String(bad[0].message).slice(0, 120))}`,
        {
          expected: 'one concise sentence',
          actual: bad
            .slice(0, MAX_LISTED)
            .map(({ quoted: _quoted, ...seen }) => ({ ...seen, message: String(seen.message).slice(0, 300) })),
        },
      );
    },
  };
}
