// 2026-07-28 multi round-trip requests: the server asks for input inside a result
// (input_required), the client retries the original request with a new id, its answers and the
// opaque requestState. Checks find a request the server answers that way; none is assumed.
import { defineArea, type CheckContext } from '../../harness/checks/check.js';
import { expectResult, expectThat, expectValid, observed } from '../../harness/checks/expect.js';
import {
  answerAll,
  driveToCompletion,
  EVERY_INPUT_CAPABILITY,
  findInputRequired,
  inputRequestsOf,
  isInputRequired,
  MRTR_METHODS,
  retryParams,
  type InputRequiredOffer,
} from '../../harness/lifecycles/input-required.js';
import { describeOutcome, offers, resultOf } from '../../harness/lifecycles/profile.js';
import { offeredCalls } from '../../harness/lifecycles/sample-requests.js';
import { whenServing } from '../../harness/lifecycles/streams.js';
import type { StatelessClient } from '../../harness/lifecycles/stateless-client.js';
import { isObject, type JsonObject } from '../../harness/model.js';
import type { Exchange } from '../../harness/lifecycles/exchange.js';
import { sensitiveFormFields as sensitiveFields } from '../shared/elicitation-safety.js';
import { toolRuleBroken } from '../shared/sampling-tools.js';
import { callableTools } from './kit/tool-calls.js';
import { carriesToolUse, findToolSampling, toolUseAnswer, toolUseIds } from './kit/tool-sampling.js';

const MRTR = 'basic/patterns/mrtr';
const SERVER_RULES = `${MRTR}#server-requirements-basic-workflow`;

export default defineArea('2026-07-28', 'mrtr', [
  {
    slug: 'input-required-shape',
    title: 'Every input_required result carries inputRequests and/or requestState, and only valid input requests',
    requirement:
      'Each InputRequiredResult MUST include at least one of inputRequests and requestState (a string); every inputRequests value MUST be an elicitation/create, sampling/createMessage or roots/list request object.',
    level: 'MUST',
    spec: SERVER_RULES,
    catalog: ['MRTR-002', 'MRTR-003'],
    async run(ctx) {
      const offer = await inputRequiredOffer(ctx);
      const drive = await driveToCompletion(asking(ctx), offer.call);
      for (const [round, result] of inputRequiredRounds(drive.rounds)) {
        const where = `round ${round} (${offer.call.label})`;
        expectThat(
          'inputRequests' in result || 'requestState' in result,
          `the input_required result of ${where} has neither inputRequests nor requestState`,
          {
            expected: 'inputRequests and/or requestState',
            actual: result,
          },
        );
        if ('requestState' in result)
          expectThat(typeof result.requestState === 'string', `requestState of ${where} is not a string`, {
            expected: 'a string',
            actual: result.requestState,
          });
        if ('inputRequests' in result)
          expectThat(isObject(result.inputRequests), `inputRequests of ${where} is not an object`, {
            expected: 'a map of input requests',
            actual: result.inputRequests,
          });
        const requests = isObject(result.inputRequests) ? result.inputRequests : {};
        for (const [key, request] of Object.entries(requests))
          expectValid(ctx.schema, 'InputRequest', request, `inputRequests.${key} of ${where}`);
      }
    },
  },
  {
    slug: 'undeclared-capability',
    title: 'No input request for a capability the client did not declare (else -32021)',
    requirement:
      'Servers MUST NOT send input requests the client has not declared support for (elicitation and its modes, sampling and sampling.tools, roots); a request that cannot go on without one gets -32021 with data.requiredCapabilities (HTTP 400) or a result without them.',
    level: 'MUST',
    spec: SERVER_RULES,
    catalog: ['MRTR-004', 'META-007'],
    connection: 'fresh',
    async run(ctx) {
      const offer = await inputRequiredOffer(ctx, true); // this connection must not have declared anything before
      await whenServing(ctx.client);
      for (const declared of [{}, { elicitation: {} }, { sampling: {} }, { roots: {} }]) {
        const exchange = await ctx.client.withCapabilities(declared).request(offer.call.method, offer.call.params);
        judgeUndeclared(ctx, exchange, declared);
      }
    },
  },
  {
    slug: 'retry-completes',
    title: 'A retry with new id, inputResponses and the echoed requestState completes (HTTP: on a new connection)',
    requirement:
      'The retry is independent of the first request: with a new JSON-RPC id, the original params, inputResponses for every input request and requestState echoed, the server needs nothing else and MUST go on (it MAY ask again) until a complete result; on HTTP the retry goes over a new connection.',
    level: 'MUST',
    spec: `${MRTR}#basic-workflow`,
    catalog: ['MRTR-005', 'MRTR-011', 'MRTR-012', 'HTTP-025'],
    async run(ctx) {
      const offer = await inputRequiredOffer(ctx);
      const retryClient =
        ctx.transport === 'http' ? (await ctx.fresh()).withCapabilities(EVERY_INPUT_CAPABILITY) : undefined;
      const drive = await driveToCompletion(asking(ctx), offer.call, { retryClient });
      expectCompleted(ctx, drive.final, drive.rounds.length, offer);
      ctx.note(
        `${offer.call.label} completed after ${drive.rounds.length - 1} retr${drive.rounds.length === 2 ? 'y' : 'ies'}`,
      );
    },
  },
  {
    slug: 'tampered-state',
    title: 'A tampered requestState is rejected, never turned into a result',
    requirement:
      'Servers MUST treat requestState as attacker-controlled: state that fails verification MUST be rejected (an error, or a fresh input_required asking again), never continued to a complete result; unprotected state is allowed only when tampering can cause nothing worse than failure.',
    level: 'MUST',
    spec: SERVER_RULES,
    catalog: ['MRTR-006'],
    async run(ctx) {
      const offer = await inputRequiredOffer(ctx);
      const client = asking(ctx);
      const first = expectResult(await client.request(offer.call.method, offer.call.params));
      if (typeof first.requestState !== 'string')
        ctx.skip(`the input_required answer to ${offer.call.label} carries no requestState`);
      const genuine = await driveToCompletion(client, offer.call);
      if (!genuine.completed)
        ctx.skip(
          'the untampered request does not complete (see mrtr/retry-completes), so there is nothing to compare with',
        );
      for (const [how, state] of tamperings(first.requestState as string)) {
        const tampered = { ...first, requestState: state };
        const accepted = await acceptedFrom(
          client,
          offer,
          first,
          retryParams(offer.call.params, tampered, answersFor(first)),
        );
        if (accepted) judgeAccepted(ctx, `a requestState with ${how}`, accepted, resultOf(genuine.final)!);
      }
    },
  },
  {
    slug: 'state-bound-to-request',
    title: 'A requestState replayed on a request with other arguments is rejected',
    requirement:
      'To prevent replay, servers SHOULD bind requestState to the originating request (method and a digest of its salient parameters) and reject it on a request that does not match.',
    level: 'SHOULD',
    spec: SERVER_RULES,
    catalog: ['MRTR-007'],
    async run(ctx) {
      const offer = await inputRequiredOffer(ctx);
      const client = asking(ctx);
      const first = expectResult(await client.request(offer.call.method, offer.call.params));
      if (typeof first.requestState !== 'string')
        ctx.skip(`the input_required answer to ${offer.call.label} carries no requestState`);
      const other =
        withOtherArguments(offer.call.params) ??
        ctx.skip(`${offer.call.label} has no string or number argument to change`);
      const otherOffer = { ...offer, call: { ...offer.call, params: other } };
      const accepted = await acceptedFrom(client, otherOffer, first, retryParams(other, first, answersFor(first)));
      if (accepted)
        ctx.fail(`the requestState of ${offer.call.label} was accepted on a request with other arguments`, {
          expected: 'an error or a fresh input_required',
          actual: accepted.response,
        });
    },
  },
  {
    slug: 'missing-input-responses',
    title: 'A retry without the requested inputResponses gets input_required again',
    requirement:
      'If a retry lacks information the server asked for, the server SHOULD answer with a new InputRequiredResult asking again rather than with an error.',
    level: 'SHOULD',
    spec: `${MRTR}#error-handling`,
    catalog: ['MRTR-008'],
    async run(ctx) {
      const { client, offer, first } = await withInputRequests(ctx);
      for (const [how, responses] of [
        ['no inputResponses', undefined],
        ['empty inputResponses', {}],
      ] as const) {
        const exchange = await client.request(offer.call.method, retryParams(offer.call.params, first, responses));
        expectThat(
          resultOf(exchange) !== undefined,
          `a retry with ${how} got ${describeOutcome(exchange)}; the server should ask again`,
          {
            expected: 'an input_required result (or, if the input was not needed, a complete one)',
            actual: observed(exchange),
          },
        );
      }
    },
  },
  {
    slug: 'extra-input-responses-ignored',
    title: 'Unknown extra inputResponses are ignored',
    requirement:
      'If an InputResponses object carries entries the server does not recognise, the server SHOULD ignore them.',
    level: 'SHOULD',
    spec: `${MRTR}#error-handling`,
    catalog: ['MRTR-009'],
    async run(ctx) {
      const offer = await inputRequiredOffer(ctx);
      const extraResponses = { 'mcp-conform-unasked': { action: 'decline' } };
      const drive = await driveToCompletion(asking(ctx), offer.call, { extraResponses });
      expectCompleted(ctx, drive.final, drive.rounds.length, offer, ' with an unknown extra entry in inputResponses');
    },
  },
  {
    slug: 'malformed-input-responses',
    title: 'Malformed inputResponses get a JSON-RPC error',
    requirement:
      'Servers SHOULD validate that inputResponses is a valid InputResponses object and answer one that is not (not an object, an entry that is no result) with a JSON-RPC error.',
    level: 'SHOULD',
    spec: `${MRTR}#error-handling`,
    catalog: ['MRTR-010'],
    async run(ctx) {
      const { client, offer, first } = await withInputRequests(ctx);
      const keys = Object.keys(inputRequestsOf(first));
      const malformed: Array<[string, unknown]> = [
        ['inputResponses that is a number', 42],
        ['an inputResponses entry that is a string', Object.fromEntries(keys.map((key) => [key, 'not a result']))],
      ];
      for (const [how, responses] of malformed) {
        const exchange = await client.request(offer.call.method, retryParams(offer.call.params, first, responses));
        expectThat(isObject(exchange.response?.error), `a retry with ${how} got ${describeOutcome(exchange)}`, {
          expected: 'a JSON-RPC error',
          actual: observed(exchange),
        });
      }
    },
  },
  {
    slug: 'only-on-supported-methods',
    title: 'Only tools/call, resources/read and prompts/get answer input_required',
    requirement:
      'Servers MUST NOT send an InputRequiredResult on any request other than tools/call, resources/read and prompts/get, even when every input capability is declared.',
    level: 'MUST',
    spec: `${MRTR}#supported-requests`,
    catalog: ['MRTR-001', 'VER-008'],
    async run(ctx) {
      const lists: Array<[string, boolean]> = [
        ['server/discover', true],
        ['tools/list', offers(ctx.profile, 'tools')],
        ['prompts/list', offers(ctx.profile, 'prompts')],
        ['resources/list', offers(ctx.profile, 'resources')],
        ['resources/templates/list', offers(ctx.profile, 'resources')],
      ];
      for (const [method] of lists.filter(([, offered]) => offered)) {
        const result = resultOf(await asking(ctx).request(method, {}));
        expectThat(!isInputRequired(result), `${method} answered input_required`, {
          expected: `input_required only on ${MRTR_METHODS.join(', ')}`,
          actual: result,
        });
      }
    },
  },
  {
    slug: 'form-elicitation-not-sensitive',
    title: 'Form-mode elicitation does not ask for passwords, keys or tokens',
    requirement:
      'Servers MUST NOT use form mode elicitation to request sensitive information such as passwords, API keys, access tokens or payment credentials (URL mode is for that); judged by field names, so a heuristic and a warning.',
    level: 'SHOULD',
    spec: 'client/elicitation#user-interaction-model',
    catalog: ['MRTR-013'],
    async run(ctx) {
      const offer = await inputRequiredOffer(ctx);
      const drive = await driveToCompletion(asking(ctx), offer.call);
      const asked = inputRequiredRounds(drive.rounds).flatMap(([, result]) => sensitiveFormFields(result));
      expectThat(asked.length === 0, `form-mode elicitation asks for ${asked.join(', ')}`, {
        expected: 'sensitive data only through URL mode',
        actual: asked,
      });
    },
  },
  {
    slug: 'sampling-tool-results',
    title: 'After a toolUse answer, the follow-up sampling request answers each tool_use with a tool_result',
    requirement:
      'When the client answers a tool-enabled sampling input request with stopReason "toolUse", the follow-up sampling/createMessage input requests carry that assistant message, followed by a user message made only of tool_result blocks, one per tool_use by toolUseId; a user message with tool results holds nothing else.',
    level: 'MUST',
    spec: 'client/sampling#message-content-constraints',
    catalog: ['MRTR-015'],
    async run(ctx) {
      const offer =
        (await findToolSampling(ctx.client, offeredCalls(ctx.profile, callableTools(ctx).tools))) ??
        ctx.skip(
          'no tool, prompt or resource of the server asks for sampling with tools through input_required, even with every input capability declared',
        );
      const requests = inputRequestsOf(offer.result);
      const toolUses = Object.fromEntries(
        offer.keys.map((key) => [key, toolUseAnswer(requests[key], `mcp-conform-${key}`)]),
      );
      const exchange = await asking(ctx).request(
        offer.call.method,
        retryParams(offer.call.params, offer.result, { ...answerAll(offer.result), ...toolUses }),
      );
      const result = expectResult(exchange, `a result for the retry of ${offer.call.label} after a toolUse answer`);
      if (!isInputRequired(result))
        ctx.skip(`${offer.call.label} completed after the toolUse answer, with no follow-up sampling request to judge`);
      const followUps = Object.entries(inputRequestsOf(result)).filter(
        ([, request]) => request.method === 'sampling/createMessage',
      );
      if (followUps.length === 0)
        ctx.skip(`${offer.call.label} asked for no sampling after the toolUse answer: no follow-up to judge`);
      const conversations = followUps.map(([key, request]) => ({
        key,
        messages: (isObject(request.params) && Array.isArray(request.params.messages)
          ? request.params.messages
          : []
        ).filter(isObject),
      }));
      for (const { key, messages } of conversations) {
        const broken = toolRuleBroken(messages);
        expectThat(
          broken === undefined,
          `the follow-up sampling request ${key} of ${offer.call.label} breaks the tool rules: ${broken}`,
          {
            expected: 'tool_use answered by a user message of matching tool_result blocks only',
            actual: messages,
          },
        );
      }
      const ids = Object.values(toolUses).flatMap(toolUseIds);
      const carried = ids.filter((id) => conversations.some(({ messages }) => carriesToolUse(messages, id)));
      expectThat(
        carried.length === ids.length,
        `no follow-up sampling request of ${offer.call.label} carries the model's tool use(s) ${ids.filter((id) => !carried.includes(id)).join(', ')} and their results`,
        {
          expected: `the assistant tool_use message (${ids.join(', ')}) followed by its tool_result message`,
          actual: conversations,
        },
      );
    },
  },
]);

/** The request this run found to answer input_required; skips the check when there is none. */
export async function inputRequiredOffer(
  ctx: CheckContext<StatelessClient>,
  probeElsewhere = false,
): Promise<InputRequiredOffer> {
  const elsewhere = async () => {
    const client = await ctx.fresh();
    await whenServing(client);
    return client;
  };
  const offer = await findInputRequired(
    probeElsewhere ? elsewhere : ctx.client,
    ctx.profile,
    offeredCalls(ctx.profile, callableTools(ctx).tools),
  );
  if (!offer)
    ctx.skip(
      'no tool, prompt or resource of the server answered input_required, even with every input capability declared',
    );
  return offer;
}

function asking(ctx: CheckContext<StatelessClient>): StatelessClient {
  return ctx.client.withCapabilities(EVERY_INPUT_CAPABILITY);
}

function inputRequiredRounds(rounds: Exchange[]): Array<[number, JsonObject]> {
  return rounds
    .map((exchange, index) => [index + 1, resultOf(exchange)] as [number, JsonObject | undefined])
    .filter((pair): pair is [number, JsonObject] => isInputRequired(pair[1]));
}

function answersFor(result: JsonObject): JsonObject | undefined {
  return 'inputRequests' in result ? answerAll(result) : undefined;
}

function expectCompleted(
  ctx: CheckContext,
  final: Exchange,
  rounds: number,
  offer: InputRequiredOffer,
  how = '',
): void {
  const result = resultOf(final);
  if (!result)
    ctx.fail(`retrying ${offer.call.label}${how} ended in ${describeOutcome(final)} (round ${rounds})`, {
      expected: 'a complete result',
      actual: observed(final),
    });
  if (isInputRequired(result))
    ctx.fail(`${offer.call.label}${how} still answered input_required after ${rounds} rounds`, {
      expected: 'a complete result',
      actual: result,
    });
}

/** First input_required that asks for something, with the client that got it. */
async function withInputRequests(
  ctx: CheckContext<StatelessClient>,
): Promise<{ client: StatelessClient; offer: InputRequiredOffer; first: JsonObject }> {
  const offer = await inputRequiredOffer(ctx);
  const client = asking(ctx);
  const first = expectResult(await client.request(offer.call.method, offer.call.params));
  if (Object.keys(inputRequestsOf(first)).length === 0)
    ctx.skip(`the input_required answer to ${offer.call.label} asks for no input (requestState only)`);
  return { client, offer, first };
}

/** What each capability allows; returns the input requests that need more than was declared. */
function undeclaredRequests(requests: Record<string, JsonObject>, declared: JsonObject): string[] {
  const sub = (key: string) => (isObject(declared[key]) ? (declared[key] as JsonObject) : undefined);
  const out: string[] = [];
  for (const [key, request] of Object.entries(requests)) {
    const params = isObject(request.params) ? request.params : {};
    const elicitation = sub('elicitation');
    const sampling = sub('sampling');
    const formAllowed =
      elicitation !== undefined && (Object.keys(elicitation).length === 0 || isObject(elicitation.form));
    const why =
      request.method === 'elicitation/create'
        ? params.mode === 'url'
          ? !isObject(elicitation?.url) && 'URL-mode elicitation (elicitation.url)'
          : !formAllowed && 'form elicitation (elicitation)'
        : request.method === 'sampling/createMessage'
          ? !sampling
            ? 'sampling'
            : (params.tools !== undefined || params.toolChoice !== undefined) &&
              !isObject(sampling.tools) &&
              'sampling with tools (sampling.tools)'
          : request.method === 'roots/list' && !sub('roots') && 'roots';
    if (why) out.push(`${key}: ${why}`);
  }
  return out;
}

function judgeUndeclared(ctx: CheckContext, exchange: Exchange, declared: JsonObject): void {
  const label = `with clientCapabilities ${JSON.stringify(declared)}`;
  const result = resultOf(exchange);
  if (result) {
    const undeclared = isInputRequired(result) ? undeclaredRequests(inputRequestsOf(result), declared) : [];
    expectThat(undeclared.length === 0, `${label} the server still asked for ${undeclared.join('; ')}`, {
      expected: 'no input request beyond the declared capabilities',
      actual: result,
    });
    return;
  }
  const error = isObject(exchange.response?.error) ? exchange.response!.error : undefined;
  expectThat(error?.code === -32021, `${label} the request got ${describeOutcome(exchange)}`, {
    expected: 'a result without undeclared input requests, or error -32021',
    actual: observed(exchange),
  });
  const data = isObject(error!.data) ? error!.data : undefined;
  expectThat(isObject(data?.requiredCapabilities), '-32021 without data.requiredCapabilities', {
    expected: 'data.requiredCapabilities: ClientCapabilities',
    actual: error,
  });
  if (exchange.http)
    expectThat(exchange.http.status === 400, `-32021 came with HTTP ${exchange.http.status}`, {
      expected: 'HTTP 400',
      actual: observed(exchange),
    });
}

/** Ways to break an opaque string that any integrity check must notice. */
function tamperings(state: string): Array<[string, string]> {
  const out: Array<[string, string]> = [
    ['its last character changed', flipAt(state, state.length - 1)],
    ['a character in the middle changed', flipAt(state, Math.floor(state.length / 2))],
    ['its first character changed', flipAt(state, 0)],
    ['its last four characters cut off', state.slice(0, Math.max(0, state.length - 4))],
    ['made-up content', 'mcp-conform-forged-state'],
  ];
  return out.filter(([, tampered]) => tampered !== state);
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Changes one character; base64 digits move to one that differs in their top bit, so the decoded bytes change too. */
function flipAt(text: string, index: number): string {
  if (index < 0 || index >= text.length) return text;
  const at = BASE64.indexOf(text[index]);
  let replacement: string;
  if (at >= 0) replacement = BASE64[(at ^ 32) >= 62 ? at ^ 48 : at ^ 32];
  else replacement = text[index] === '.' ? '~' : '.';
  return text.slice(0, index) + replacement + text.slice(index + 1);
}

/**
 * Sends a retry built from a suspect state. Rejection is an error or input_required asking the
 * same questions again; anything else means the state was taken, and the chain is followed to its end.
 */
async function acceptedFrom(
  client: StatelessClient,
  offer: InputRequiredOffer,
  asked: JsonObject,
  retry: JsonObject,
): Promise<Exchange | undefined> {
  const exchange = await client.request(offer.call.method, retry);
  const result = resultOf(exchange);
  if (!result) return undefined;
  const sameQuestions = (r: JsonObject) =>
    JSON.stringify(Object.keys(inputRequestsOf(r)).sort()) ===
      JSON.stringify(Object.keys(inputRequestsOf(asked)).sort()) && Object.keys(inputRequestsOf(r)).length > 0;
  if (isInputRequired(result) && sameQuestions(result)) return undefined;
  if (!isInputRequired(result)) return exchange;
  const rest = await driveToCompletion(client, {
    method: offer.call.method,
    params: retryParams(offer.call.params, result, answersFor(result)),
  });
  return rest.completed ? rest.final : undefined;
}

function judgeAccepted(ctx: CheckContext, what: string, accepted: Exchange, genuine: JsonObject): void {
  const result = resultOf(accepted)!;
  const strip = (r: JsonObject) => JSON.stringify({ ...r, _meta: undefined });
  if (strip(result) !== strip(genuine)) {
    ctx.fail(`${what} was accepted and produced a different result`, {
      expected: 'an error or a fresh input_required',
      actual: { tampered: result, genuine },
    });
  }
  ctx.warn(
    `${what} was accepted (same result as the genuine state); allowed only if the state cannot influence authorization, resource access or business logic`,
    {
      expected: 'an error or a fresh input_required',
      actual: result,
    },
  );
}

function withOtherArguments(params: JsonObject): JsonObject | undefined {
  const args = isObject(params.arguments) ? params.arguments : undefined;
  if (!args) return undefined;
  for (const [key, value] of Object.entries(args)) {
    if (typeof value === 'string') return { ...params, arguments: { ...args, [key]: `${value}-other` } };
    if (typeof value === 'number') return { ...params, arguments: { ...args, [key]: value + 1 } };
  }
  return undefined;
}

/** Form-mode elicitation fields of an input_required result that look like secrets, as key.field. */
function sensitiveFormFields(result: JsonObject): string[] {
  return Object.entries(inputRequestsOf(result))
    .filter(([, request]) => request.method === 'elicitation/create')
    .flatMap(([key, request]) =>
      sensitiveFields(isObject(request.params) ? request.params : {}).map((name) => `${key}.${name}`),
    );
}
