// Tool-call protocol errors in both revisions: "Unknown tool" and requests that fail the
// CallToolRequest schema "are returned as standard JSON-RPC errors". -32602 is the spec's
// example, not a rule, so any JSON-RPC error answers it; a result (even isError) does not.
import type { CheckContext } from '../../harness/checks/check.js';
import { errorOf, expectThat, observed } from '../../harness/checks/expect.js';
import { describeOutcome } from '../../harness/lifecycles/profile.js';
import type { Exchange } from '../../harness/lifecycles/exchange.js';

export const EXAMPLE_CODE = -32602;

/** The exchange must end in a JSON-RPC error; a code other than the example is noted, not judged. */
export function expectProtocolError(ctx: Pick<CheckContext, 'note'>, exchange: Exchange, what: string): void {
  const error = errorOf(exchange);
  expectThat(error !== undefined, `${what} got ${describeOutcome(exchange)}, not a JSON-RPC error`, {
    expected: `a JSON-RPC error (the spec's example: ${EXAMPLE_CODE})`,
    actual: observed(exchange),
  });
  if (error.code !== EXAMPLE_CODE)
    ctx.note(`${what} answered with error ${String(error.code)} (the spec's example is ${EXAMPLE_CODE})`);
}
