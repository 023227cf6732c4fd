// Every malformed request is sent and judged on its own, and the worst outcome is the verdict: a
// wrong answer, proven silence or an exit on any case fails, naming each bad case; a case whose
// silence no barrier proved leaves the check inconclusive. A server that exits gets a fresh
// connection for the cases after it.
import type { CheckContext } from '../../harness/checks/check.js';
import { CheckInconclusive } from '../../harness/checks/outcome.js';
import type { Client } from '../../harness/lifecycles/client.js';
import { describeOutcome } from '../../harness/lifecycles/profile.js';
import { isObject, type JsonObject } from '../../harness/model.js';
import type { Exchange } from '../../harness/transports/types.js';
import { answerOrSilence, fenceBeforeIdlessAnswer } from './barrier.js';
import type { InvalidRequest } from './rpc-errors.js';

type Reading = 'expected' | 'wrong' | 'silent' | 'exited' | 'unproven';

interface CaseOutcome {
  what: string;
  reading: Reading;
  said: string;
}

/** How long a server that went quiet gets to show it has exited. */
const EXIT_GRACE_MS = 200;

export interface MalformedRun<C extends Client> {
  /** Sends the message as raw text (no fence: the cases are fenced here). */
  send: (client: C, message: JsonObject, signal: AbortSignal) => Promise<Exchange>;
  /** The error codes the spec allows for this case. */
  codes: (message: JsonObject) => number[];
}

async function exited(client: Client, exchange: Exchange | undefined, waitMs: number): Promise<string | undefined> {
  if (exchange?.transportError) return exchange.transportError;
  return (await client.exitsWithin(waitMs)) ? `the server exited (${client.exitDescription() ?? 'status unknown'})` : undefined;
}

async function runCase<C extends Client>(client: C, { what, message }: InvalidRequest, run: MalformedRun<C>): Promise<CaseOutcome> {
  let exchange: Exchange;
  try {
    await fenceBeforeIdlessAnswer(client, `the request with ${what}`);
    exchange = await answerOrSilence(client, `the request with ${what}`, (signal) => run.send(client, message, signal));
  } catch (error) {
    if (!(error instanceof CheckInconclusive)) throw error;
    const exit = await exited(client, undefined, EXIT_GRACE_MS);
    return exit ? { what, reading: 'exited', said: exit } : { what, reading: 'unproven', said: error.reason };
  }
  const exit = await exited(client, exchange, exchange.response ? 0 : EXIT_GRACE_MS);
  if (exit) return { what, reading: 'exited', said: exit };
  if (!exchange.response) return { what, reading: 'silent', said: `${describeOutcome(exchange)}, though the server answered a request sent after it` };
  const code = isObject(exchange.response.error) ? exchange.response.error.code : undefined;
  const allowed = run.codes(message);
  return { what, reading: typeof code === 'number' && allowed.includes(code) ? 'expected' : 'wrong', said: describeOutcome(exchange) };
}

/** Runs every case and ends the check on the worst; returns the client still connected for what follows. */
export async function judgeMalformedCases<C extends Client>(ctx: CheckContext<C>, cases: InvalidRequest[], run: MalformedRun<C>): Promise<C> {
  let client = ctx.client;
  const outcomes: CaseOutcome[] = [];
  for (const item of cases) {
    const outcome = await runCase(client, item, run);
    outcomes.push(outcome);
    if (outcome.reading === 'exited') client = await ctx.fresh();
  }
  const bad = outcomes.filter(({ reading }) => reading === 'wrong' || reading === 'silent' || reading === 'exited');
  const evidence = { expected: 'an error with -32600 for every malformed request, the server still running', actual: outcomes };
  if (bad.length > 0) ctx.fail(`${bad.length} of ${outcomes.length} malformed requests were mishandled: ${bad.map(({ what, said }) => `${what}: ${said}`).join('; ')}`, evidence);
  const unproven = outcomes.filter(({ reading }) => reading === 'unproven');
  if (unproven.length > 0) ctx.inconclusive(`no verdict for ${unproven.map(({ what, said }) => `${what} (${said})`).join('; ')}`, evidence);
  return client;
}
