// The schema campaign, for either revision: each callable tool gets arguments generated from its
// inputSchema. Valid and boundary values are not refused with a protocol error; results of tools
// with an outputSchema conform to it; invalid values are rejected (-32602 or isError).
import fc from 'fast-check';
import { boundaryArguments } from '../../../generators/arguments/boundary-arguments.js';
import { invalidArguments } from '../../../generators/arguments/invalid-arguments.js';
import { toolCall, type ToolCallInput } from '../../../generators/arguments/tool-call.js';
import { validArguments, type GeneratedArguments } from '../../../generators/arguments/valid-arguments.js';
import { headerProblems } from '../../../generators/schema/lint.js';
import { LOG_LEVEL_KEY } from '../../lifecycles/meta.js';
import { capDurations, DURATION_CAP_MS, durationCapUnder } from '../../lifecycles/sample-requests.js';
import { isObject, type JsonObject } from '../../model.js';
import type { Allowed, Rule } from '../case.js';
import { fuzzProperty, type FuzzEnv, type FuzzPropertyDefinition } from '../property.js';
import { caseId, messageStep, requestBytes, requestSlot } from './requests.js';

const HEADER_MISMATCH = -32020;
const PARSE_ERROR = -32700;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function hasLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(hasLoneSurrogate);
  return isObject(value) && Object.values(value).some(hasLoneSurrogate);
}

export interface ToolSpecs {
  valid: string;
  output: string;
  invalid: string;
  catalog: string[];
  /** 2026-07-28: a call may be refused with -32021 when it needs a client capability. */
  missingCapability: boolean;
}

/** Tools the run's --tool-calls policy lets the fuzzer call, with their schemas; or why there are none. */
export function callableTools(
  env: FuzzEnv,
  wanted: (tool: JsonObject) => boolean = () => true,
): Array<{ name: string; schema: unknown; tool: JsonObject }> | string {
  if (env.toolCalls === 'none') return 'tool calls are disabled (--tool-calls none)';
  const tools = env.profile.tools.filter(wanted).filter((tool) => {
    if (typeof tool.name !== 'string') return false;
    if (env.toolCalls === 'safe' && !(isObject(tool.annotations) && tool.annotations.readOnlyHint === true))
      return false;
    // HTTP clients drop tools with invalid x-mcp-header annotations.
    return env.transport !== 'http' || headerProblems(tool.inputSchema).length === 0;
  });
  if (tools.length === 0)
    return env.profile.tools.length === 0
      ? 'server lists no tools'
      : `no listed tool may be called under --tool-calls ${env.toolCalls}${env.toolCalls === 'safe' ? ' (only readOnlyHint: true tools; --tool-calls all calls the others)' : ''}`;
  return tools.map((tool) => ({ name: tool.name as string, schema: tool.inputSchema, tool }));
}

/** Valid arguments with every duration we ask for (a sleep's ms) well under the answer wait: a tool still busy at the timeout then means something. */
export function cappedUnderWait(env: FuzzEnv, tool: string, args: JsonObject): JsonObject {
  const schema = env.profile.tools.find((listed) => listed.name === tool)?.inputSchema;
  return capDurations(schema, args, durationCapUnder(env.answerTimeoutMs ?? DURATION_CAP_MS * 4));
}

interface CallInput {
  call: ToolCallInput<GeneratedArguments>;
  /** Ask for progress (and, on 2026-07-28, debug logs): answers may then come as an SSE stream. */
  progress: boolean;
  nonce: number;
}

function callArbitrary(
  env: FuzzEnv,
  argumentsFor: (schema: unknown) => fc.Arbitrary<GeneratedArguments> | undefined,
  wanted?: (tool: JsonObject) => boolean,
): fc.Arbitrary<CallInput> | string {
  const tools = callableTools(env, wanted);
  if (typeof tools === 'string') return tools;
  const call = toolCall(tools, argumentsFor);
  if (!call) return 'no arguments could be generated for any callable tool';
  return fc.record({ call, progress: fc.boolean(), nonce: fc.nat() });
}

/** The case of one call; on 2026-07-28 every result it gets must carry a core resultType (the request advertises no extension). */
function plan(input: CallInput, env: FuzzEnv, given: Allowed[], capWaits = true) {
  const coreType: Rule[] = env.revision === '2026-07-28' ? [{ kind: 'core-result-type' }] : [];
  const allow = given.map(
    (allowed): Allowed =>
      allowed.answer === 'result' ? { ...allowed, rules: [...(allowed.rules ?? []), ...coreType] } : allowed,
  );
  // A header-mirrored value UTF-8 cannot carry (a lone surrogate) is ours: a header mismatch refusing it decides nothing.
  if (env.transport === 'http' && hasLoneSurrogate(input.call.args.value))
    allow.push({ answer: 'error', codes: [HEADER_MISMATCH] });
  // RFC 8259 section 8.2: a lone surrogate escape matches the JSON grammar, but what a parser does with it is "unpredictable": a parse error refuses our value.
  if (hasLoneSurrogate(input.call.args.value))
    allow.push({ answer: 'idless-error', codes: [PARSE_ERROR] }, { answer: 'error', codes: [PARSE_ERROR] });
  const id = caseId(input.nonce, 0);
  const generated = input.call.args.value as JsonObject;
  // Invalid arguments stay as generated: cutting a duration could make them valid.
  const args = capWaits ? cappedUnderWait(env, input.call.tool, generated) : generated;
  const params: JsonObject = { name: input.call.tool, arguments: args };
  const token = `mcp-conform-progress-${input.nonce}`;
  const request =
    env.revision === '2026-07-28'
      ? requestBytes(
          env,
          id,
          'tools/call',
          params,
          input.progress ? { meta: { progressToken: token, [LOG_LEVEL_KEY]: 'debug' } } : undefined,
        )
      : requestBytes(env, id, 'tools/call', input.progress ? { ...params, _meta: { progressToken: token } } : params);
  const cut = JSON.stringify(args) !== JSON.stringify(generated) ? ' (durations cut under the answer wait)' : '';
  const what = `tools/call ${input.call.tool} with ${input.call.args.label}${cut}`;
  return {
    steps: [
      messageStep(
        env,
        what,
        request.text,
        [{ ...requestSlot(what, id, 'tools/call', allow), patient: true }],
        request.headers,
      ),
    ],
  };
}

const validOrEdge = (schema: unknown) => {
  const valid = validArguments(schema);
  const edge = boundaryArguments(schema);
  // Edges find more than the generator's typical values, so two cases in three go to them.
  return valid && edge ? fc.oneof({ arbitrary: valid, weight: 1 }, { arbitrary: edge, weight: 2 }) : (valid ?? edge);
};

export function validArgumentsProperty(specs: ToolSpecs): FuzzPropertyDefinition {
  return fuzzProperty<CallInput>({
    slug: 'valid-arguments',
    title: 'Calls whose arguments satisfy inputSchema (boundaries included) are not refused with a protocol error',
    requirement:
      'Errors that originate in a tool SHOULD be reported in a result with isError: true; a call whose arguments satisfy the inputSchema is well formed, so it gets a result (isError allowed)' +
      (specs.missingCapability
        ? ', an input_required result asking only for declared capabilities, or -32021 naming a capability the request lacks.'
        : '.'),
    level: 'SHOULD',
    spec: specs.valid,
    catalog: specs.catalog,
    arbitrary: (env) => callArbitrary(env, validOrEdge),
    plan: (input, env) => {
      const declared: Rule[] = specs.missingCapability ? [{ kind: 'declared-input-requests', declared: {} }] : [];
      const refused: Allowed[] = specs.missingCapability
        ? [{ answer: 'error', codes: [-32021], rules: [{ kind: 'names-missing-capability', declared: {} }] }]
        : [];
      return plan(input, env, [{ answer: 'result', rules: declared }, ...refused]);
    },
  });
}

export function outputSchemaProperty(specs: ToolSpecs): FuzzPropertyDefinition {
  return fuzzProperty<CallInput>({
    slug: 'output-schema',
    title: 'Successful results of a tool with outputSchema carry structuredContent that conforms to it',
    requirement:
      'If a tool declares an outputSchema, every successful result (not isError) MUST carry structuredContent valid against it, whatever valid arguments produced it.',
    level: 'MUST',
    spec: specs.output,
    catalog: specs.catalog,
    arbitrary: (env) => callArbitrary(env, validOrEdge, (tool) => tool.outputSchema !== undefined),
    plan: (input, env) => {
      const schema = env.profile.tools.find((tool) => tool.name === input.call.tool)?.outputSchema;
      return plan(input, env, [{ answer: 'result', rules: [{ kind: 'output-schema', schema }] }, { answer: 'error' }]);
    },
  });
}

export function invalidArgumentsProperty(specs: ToolSpecs): FuzzPropertyDefinition {
  return fuzzProperty<CallInput>({
    slug: 'invalid-arguments',
    title: 'Arguments that break inputSchema are rejected (-32602 or isError), never served',
    requirement:
      'Servers MUST validate tool inputs: arguments violating the inputSchema (required, type, enum, bounds, pattern, closed properties, 2020-12 keywords) get -32602 or a result with isError: true, never a successful result.',
    level: 'MUST',
    spec: specs.invalid,
    catalog: specs.catalog,
    arbitrary: (env) => callArbitrary(env, invalidArguments),
    plan: (input, env) => {
      const codes = [
        -32602,
        ...(specs.missingCapability ? [-32021] : []),
        ...(specs.missingCapability && env.transport === 'http' ? [-32020] : []),
      ];
      return plan(
        input,
        env,
        [
          { answer: 'result', rules: [{ kind: 'tool-error-result' }] },
          { answer: 'error', codes },
        ],
        false,
      );
    },
  });
}
