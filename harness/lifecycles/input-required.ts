// Multi round-trip requests (MRTR) from the client's side: answer the server's input requests
// with plausible results, then retry the original request with a new id, the answers in
// `inputResponses` and `requestState` echoed byte for byte.
import { isObject, type JsonObject } from '../model.js';
import type { Exchange } from '../transports/types.js';
import type { ServerProfile } from './profile.js';
import { offeredCalls, sampleValue, type OfferedCall } from './sample-requests.js';
import type { StatelessClient } from './stateless-client.js';

/** Every capability an input request can need: form and URL elicitation, sampling with tools, roots. */
export const EVERY_INPUT_CAPABILITY: JsonObject = {
  elicitation: { form: {}, url: {} },
  sampling: { tools: {} },
  roots: {},
};

export const MRTR_METHODS = ['tools/call', 'resources/read', 'prompts/get'];

export function isInputRequired(result: JsonObject | undefined): result is JsonObject {
  return result?.resultType === 'input_required';
}

export function inputRequestsOf(result: JsonObject): Record<string, JsonObject> {
  const requests = result.inputRequests;
  if (!isObject(requests)) return {};
  return Object.fromEntries(Object.entries(requests).filter(([, value]) => isObject(value))) as Record<
    string,
    JsonObject
  >;
}

/** What a cooperative client answers: accept the form with sample values, a canned completion, no roots. */
export function answerInputRequest(request: JsonObject): JsonObject {
  const params = isObject(request.params) ? request.params : {};
  switch (request.method) {
    case 'elicitation/create': {
      if (params.mode === 'url') return { action: 'accept' };
      const schema = isObject(params.requestedSchema) ? params.requestedSchema : {};
      const properties = isObject(schema.properties) ? schema.properties : {};
      const content = Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [key, sampleValue(property)]),
      );
      return { action: 'accept', content };
    }
    case 'sampling/createMessage':
      return {
        role: 'assistant',
        content: { type: 'text', text: 'mcp-conform sample completion' },
        model: 'mcp-conform',
        stopReason: 'endTurn',
      };
    case 'roots/list':
      return { roots: [] };
    default:
      return {};
  }
}

export function answerAll(result: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.entries(inputRequestsOf(result)).map(([key, request]) => [key, answerInputRequest(request)]),
  );
}

/** The retry of `params` after `result`: original params, the answers, and requestState echoed (only if given). */
export function retryParams(params: JsonObject, result: JsonObject, inputResponses: unknown | undefined): JsonObject {
  const retry: JsonObject = { ...params };
  delete retry.inputResponses;
  delete retry.requestState;
  if (inputResponses !== undefined) retry.inputResponses = inputResponses;
  if (typeof result.requestState === 'string') retry.requestState = result.requestState;
  return retry;
}

export interface DriveOptions {
  /** Where retries go (default: the same client); a fresh connection proves the server needs no memory of round one. */
  retryClient?: StatelessClient;
  /** Added to every round's inputResponses (unknown keys the server should ignore). */
  extraResponses?: JsonObject;
  maxRounds?: number;
}

export interface Drive {
  /** Every exchange, initial request first. */
  rounds: Exchange[];
  final: Exchange;
  /** True when the last answer is a complete result. */
  completed: boolean;
}

const resultOf = (exchange: Exchange) =>
  isObject(exchange.response?.result) ? (exchange.response!.result as JsonObject) : undefined;

/** Sends the request, then answers input requests and retries until the server stops asking. */
export async function driveToCompletion(
  client: StatelessClient,
  call: Pick<OfferedCall, 'method' | 'params'>,
  options: DriveOptions = {},
): Promise<Drive> {
  const rounds = [await client.request(call.method, call.params)];
  const retryClient = options.retryClient ?? client;
  for (let round = 1; round < (options.maxRounds ?? 6); round++) {
    const result = resultOf(rounds[rounds.length - 1]);
    if (!isInputRequired(result)) break;
    const answers =
      'inputRequests' in result ? { ...answerAll(result), ...options.extraResponses } : options.extraResponses;
    rounds.push(await retryClient.request(call.method, retryParams(call.params, result, answers)));
  }
  const final = rounds[rounds.length - 1];
  const last = resultOf(final);
  return { rounds, final, completed: last !== undefined && !isInputRequired(last) };
}

export interface InputRequiredOffer {
  call: OfferedCall;
  /** The first answer: an InputRequiredResult, to every input capability declared. */
  result: JsonObject;
}

const MAX_PROBES = 24;
const found = new WeakMap<ServerProfile, Map<string, Promise<InputRequiredOffer | undefined>>>();

/**
 * The first of `calls` (default: every offered call) that answers input_required when every
 * input capability is declared; probed once per run and list of calls. Pass a factory for the
 * client to keep the probe's traffic off a connection under test.
 */
export function findInputRequired(
  client: StatelessClient | (() => Promise<StatelessClient>),
  profile: ServerProfile,
  calls: OfferedCall[] = offeredCalls(profile),
): Promise<InputRequiredOffer | undefined> {
  const byCalls = found.get(profile) ?? new Map<string, Promise<InputRequiredOffer | undefined>>();
  found.set(profile, byCalls);
  const key = calls.map((call) => call.label).join('\n');
  let probe = byCalls.get(key);
  if (!probe) {
    probe = (async () => {
      const asking = (typeof client === 'function' ? await client() : client).withCapabilities(EVERY_INPUT_CAPABILITY);
      for (const call of calls.slice(0, MAX_PROBES)) {
        const result = resultOf(await asking.request(call.method, call.params));
        if (isInputRequired(result)) return { call, result };
      }
      return undefined;
    })();
    byCalls.set(key, probe);
  }
  return probe;
}
