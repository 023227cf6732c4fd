// A POST body that is not one JSON-RPC request or notification (a batch, a stray response) and how
// the server met it. The spec does not say how a server refuses one, so both revisions judge it
// alike, at SHOULD: a 4xx or a -32600 is expected; a 5xx or a batch served as JSON-RPC 2.0 serves
// one (a 2xx with an array of answers, or a result) is reported.
import type { Client } from '../../harness/lifecycles/client.js';
import type { Exchange } from '../../harness/lifecycles/exchange.js';
import { expectThat, observed } from '../../harness/checks/expect.js';
import { describeOutcome } from '../../harness/lifecycles/profile.js';
import { isObject } from '../../harness/model.js';
import { proveRead } from './barrier.js';

export async function expectBodyRefused(client: Client, exchange: Exchange, what: string): Promise<void> {
  await proveRead(client, exchange, what); // no status in time decides nothing
  const status = exchange.http?.status ?? 0;
  const processed =
    status < 300 && (exchange.http?.bodyText?.trim().startsWith('[') === true || isObject(exchange.response?.result));
  expectThat(
    status > 0 && status < 500 && !processed,
    `${what} got ${exchange.http ? `HTTP ${status}` : describeOutcome(exchange)}${processed ? ' and was processed' : ''}`,
    {
      expected: 'a 4xx (or 202 for a response object), or a -32600 error; never a 5xx or a processed batch',
      actual: observed(exchange),
    },
  );
}
