// A value the harness made up decides nothing when the server refuses it: the server may know
// constraints no schema told us (a description, a lookup). Such a refusal skips, never fails.
import { isObject } from '../../harness/model.js';
import type { Exchange } from '../../harness/lifecycles/exchange.js';

/** The server turned the request down: a JSON-RPC error, or a tool result with isError. */
export function refused(exchange: Exchange): boolean {
  const response = exchange.response;
  return isObject(response?.error) || (isObject(response?.result) && response.result.isError === true);
}

/** The reason a check gives for a request it cannot judge because its invented values were refused. */
export function refusedInvented(what: string, names: string[], outcome: string): string {
  return `server refused a harness-invented argument (${names.join(', ')}) of ${what} with ${outcome}: a made-up value decides nothing`;
}
