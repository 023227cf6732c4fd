// The streamed-answer property, for either revision, HTTP only: requests that invite an SSE
// answer (a progress token, on 2026-07-28 a log level, a tool call the run may make, Accept
// spelled in the ways clients do), read byte by byte so the judge holds the stream to SSE framing.
import fc from 'fast-check';
import { toolCall, type ToolCallInput } from '../../../generators/arguments/tool-call.js';
import { validArguments, type GeneratedArguments } from '../../../generators/arguments/valid-arguments.js';
import { acceptSpelling, acceptValue, type AcceptSpelling } from '../../../generators/http/accept.js';
import { LOG_LEVELS } from '../../../generators/meta/log-level.js';
import { progressToken } from '../../../generators/meta/progress-token.js';
import { LOG_LEVEL_KEY } from '../../lifecycles/meta.js';
import type { JsonObject } from '../../model.js';
import { fuzzProperty, type FuzzEnv, type FuzzPropertyDefinition } from '../property.js';
import { caseId, messageStep, requestBytes, requestSlot } from './requests.js';
import { callableTools, cappedUnderWait } from './tool-arguments.js';

export interface SseAnswerSpecs {
  spec: string;
  catalog: string[];
}

interface SseInput {
  /** A tool call the run may make; absent: the revision's cheap request. */
  call?: ToolCallInput<GeneratedArguments>;
  token: string | number;
  /** 2026-07-28 only: asks for log messages on the request's stream. */
  logLevel?: string;
  accept: AcceptSpelling;
  nonce: number;
}

function requestArbitrary(env: FuzzEnv): fc.Arbitrary<ToolCallInput<GeneratedArguments> | undefined> {
  const tools = callableTools(env);
  const call = typeof tools === 'string' ? undefined : toolCall(tools, validArguments);
  // Tool calls are where servers stream most (progress, logs); the cheap request keeps it going without tools.
  return call
    ? fc.oneof({ arbitrary: call, weight: 3 }, { arbitrary: fc.constant(undefined), weight: 1 })
    : fc.constant(undefined);
}

export function sseAnswerProperty(specs: SseAnswerSpecs): FuzzPropertyDefinition {
  return fuzzProperty<SseInput>({
    slug: 'sse-answer',
    title: 'A request that invites a streamed answer gets one JSON response or a well-formed SSE stream',
    requirement:
      'A request POSTed with an Accept that lists application/json and text/event-stream (either first, with or without quality values) and that asks for progress (on 2026-07-28 also for log messages) MUST be answered with one JSON response or an SSE stream. On a stream every event ends with a blank line, every non-empty data is one JSON-RPC message, exactly one response carries the request id, and the stream SHOULD end right after it.',
    level: 'MUST',
    spec: specs.spec,
    catalog: specs.catalog,
    transports: ['http'],
    arbitrary: (env) =>
      fc.record({
        call: requestArbitrary(env),
        token: progressToken(),
        logLevel:
          env.revision === '2026-07-28'
            ? fc.option(fc.constantFrom(...LOG_LEVELS), { nil: undefined })
            : fc.constant(undefined),
        accept: acceptSpelling(),
        nonce: fc.nat(),
      }),
    plan({ call, token, logLevel, accept, nonce }, env) {
      const id = caseId(nonce, 0);
      const method = call ? 'tools/call' : env.dialect.cheap.method;
      const params: JsonObject = call
        ? { name: call.tool, arguments: cappedUnderWait(env, call.tool, call.args.value as JsonObject) }
        : env.dialect.cheap.params;
      const meta: JsonObject = { progressToken: token, ...(logLevel ? { [LOG_LEVEL_KEY]: logLevel } : {}) };
      const request =
        env.revision === '2026-07-28'
          ? requestBytes(env, id, method, params, { meta })
          : requestBytes(env, id, method, { ...params, _meta: meta });
      const acceptHeader = acceptValue(accept);
      const asked = `progress token ${JSON.stringify(token)}${logLevel ? `, log level ${logLevel}` : ''}`;
      const what = `${call ? `tools/call ${call.tool} with ${call.args.label}` : method} (${asked}; Accept: ${acceptHeader})`;
      // A tool may take as long as it needs: no answer in time decides nothing.
      const slot = { ...requestSlot(what, id, method), patient: call !== undefined };
      return {
        steps: [
          {
            ...messageStep(env, what, request.text, [slot], { ...request.headers, accept: acceptHeader }),
            strictSse: true,
          },
        ],
      };
    },
  });
}
