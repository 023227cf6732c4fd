// Plausible, schema-valid requests for what a server offers: minimal arguments for a tool's
// inputSchema, a prompt's arguments, a listed resource. Checks use them to exercise real
// offerings without knowing any server's names.
import { isObject, type JsonObject, type Revision } from '../model.js';
import type { Client } from './client.js';
import { offers, type ServerProfile } from './profile.js';

export interface OfferedCall {
  method: 'tools/call' | 'prompts/get' | 'resources/read';
  params: JsonObject;
  /** e.g. `tool "echo"`, for reasons and notes. */
  label: string;
}

const SAMPLE_TEXT = 'mcp-conform';

/** A request every server of the revision answers at once without side effects: a list it declares, else ping (2025-11-25) or server/discover (2026-07-28). */
export function cheapRequest(profile: ServerProfile, revision: Revision): string {
  if (offers(profile, 'tools')) return 'tools/list';
  if (offers(profile, 'prompts')) return 'prompts/list';
  if (offers(profile, 'resources')) return 'resources/list';
  return revision === '2026-07-28' ? 'server/discover' : 'ping';
}

const FORMATS: Record<string, string> = {
  uri: 'https://example.com/mcp-conform',
  'uri-reference': 'https://example.com/mcp-conform',
  url: 'https://example.com/mcp-conform',
  email: 'mcp-conform@example.com',
  'date-time': '2026-07-28T00:00:00Z',
  date: '2026-07-28',
  time: '00:00:00Z',
  uuid: '00000000-0000-4000-8000-000000000000',
  hostname: 'example.com',
  ipv4: '127.0.0.1',
};

function firstType(schema: JsonObject): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null') as string | undefined;
  if (isObject(schema.properties)) return 'object';
  return undefined;
}

function sampleNumber(schema: JsonObject, integer: boolean): number {
  const min =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + (integer ? 1 : 0.5)
        : undefined;
  const max =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - (integer ? 1 : 0.5)
        : undefined;
  let value = min ?? (max !== undefined && max < 1 ? max : 1);
  if (integer) value = Math.ceil(value);
  return value;
}

function sampleString(schema: JsonObject): string {
  if (typeof schema.format === 'string' && FORMATS[schema.format]) return FORMATS[schema.format];
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  let text = SAMPLE_TEXT;
  while (text.length < min) text += '-x';
  return text.slice(0, Math.max(min, Math.min(max, text.length)));
}

/** A deterministic value that satisfies simple schemas (const, enum, default, types, bounds). */
export function sampleValue(schema: unknown, depth = 0): unknown {
  if (!isObject(schema) || depth > 6) return SAMPLE_TEXT;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0)
      return sampleValue(options.find((o) => !isObject(o) || o.type !== 'null') ?? options[0], depth + 1);
  }
  if (Array.isArray(schema.allOf))
    return sampleValue(Object.assign({}, ...schema.allOf.filter(isObject), { ...schema, allOf: undefined }), depth + 1);
  switch (firstType(schema)) {
    case 'object':
      return sampleObject(schema, depth);
    case 'array': {
      const count = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return Array.from({ length: count }, () => sampleValue(schema.items, depth + 1));
    }
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return sampleString(schema);
  }
}

/** Only the required properties: the smallest arguments the schema accepts. */
function sampleObject(schema: JsonObject, depth: number): JsonObject {
  const out: JsonObject = {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required)
    ? schema.required.filter((k): k is string => typeof k === 'string')
    : [];
  for (const key of required) out[key] = sampleValue(properties[key], depth + 1);
  return out;
}

export function sampleArguments(inputSchema: unknown): JsonObject {
  const value = sampleValue(isObject(inputSchema) ? { type: 'object', ...inputSchema } : { type: 'object' });
  return isObject(value) ? value : {};
}

/** A duration the harness chooses stays far below any request timeout. */
export const DURATION_CAP_MS = 1000;

/** The longest duration worth asking for under a request timeout: a quarter of it, at most DURATION_CAP_MS. */
export function durationCapUnder(requestTimeoutMs: number): number {
  return Math.min(DURATION_CAP_MS, Math.floor(requestTimeoutMs / 4));
}

/** Arguments with every duration-like number (ms, delay, seconds...) cut to `capMs` (the schema's minimum wins). */
export function capDurations(inputSchema: unknown, args: JsonObject, capMs = DURATION_CAP_MS): JsonObject {
  const properties = isObject(inputSchema) && isObject(inputSchema.properties) ? inputSchema.properties : {};
  const out = { ...args };
  for (const [key, value] of Object.entries(args)) {
    const property = isObject(properties[key]) ? (properties[key] as JsonObject) : {};
    if (typeof value !== 'number' || durationRank(key) === 0) continue;
    let cap = secondsUnit(key, property) ? capMs / 1000 : capMs;
    if (typeof property.minimum === 'number') cap = Math.max(cap, property.minimum);
    if (property.type === 'integer') cap = Math.ceil(cap);
    out[key] = Math.min(value, cap);
  }
  return out;
}

/**
 * Values a description names as the only choices: `Text` or `Blob`, "one of: a, b, c", 'x' | 'y'.
 * Quoted or backticked words only, so ordinary prose yields nothing.
 */
export function choicesInDescription(description: unknown): string[] {
  if (typeof description !== 'string') return [];
  const quoted = [...description.matchAll(/[`'"]([^`'"\s][^`'"]{0,40})[`'"]/g)].map((match) => match[1]);
  if (quoted.length >= 2 && /\b(or|one of|either|must be|choices?|options?|values?)\b|\|/i.test(description))
    return quoted;
  const listed = /\bone of:?\s*([\w.-]+(?:\s*(?:,|\bor\b|\|)\s*[\w.-]+)+)/i.exec(description);
  return listed ? listed[1].split(/\s*(?:,|\bor\b|\|)\s*/).filter(Boolean) : [];
}

/** A value for a prompt argument: a choice its description names, else the sample text (an invented value). */
export function promptArgumentValue(argument: JsonObject): { value: string; invented: boolean } {
  const [choice] = choicesInDescription(argument.description);
  return choice !== undefined ? { value: choice, invented: false } : { value: SAMPLE_TEXT, invented: true };
}

/** Values for a prompt's required arguments, and which of them the harness invented. */
export function samplePromptArguments(prompt: JsonObject): { arguments: Record<string, string>; invented: string[] } {
  const args: Record<string, string> = {};
  const invented: string[] = [];
  for (const arg of Array.isArray(prompt.arguments) ? prompt.arguments.filter(isObject) : []) {
    if (arg.required !== true || typeof arg.name !== 'string') continue;
    const { value, invented: made } = promptArgumentValue(arg);
    args[arg.name] = value;
    if (made) invented.push(arg.name);
  }
  return { arguments: args, invented };
}

/** Every tools/call (of `tools`, the ones the run may call), prompts/get and resources/read the profile makes possible, tools first. */
export function offeredCalls(profile: ServerProfile, tools: JsonObject[] = profile.tools): OfferedCall[] {
  const calls: OfferedCall[] = [];
  for (const tool of tools) {
    if (typeof tool.name !== 'string') continue;
    calls.push({
      method: 'tools/call',
      params: { name: tool.name, arguments: capDurations(tool.inputSchema, sampleArguments(tool.inputSchema)) },
      label: `tool ${JSON.stringify(tool.name)}`,
    });
  }
  for (const prompt of profile.prompts) {
    if (typeof prompt.name !== 'string') continue;
    calls.push({
      method: 'prompts/get',
      params: { name: prompt.name, arguments: samplePromptArguments(prompt).arguments },
      label: `prompt ${JSON.stringify(prompt.name)}`,
    });
  }
  for (const resource of profile.resources) {
    if (typeof resource.uri === 'string')
      calls.push({
        method: 'resources/read',
        params: { uri: resource.uri },
        label: `resource ${JSON.stringify(resource.uri)}`,
      });
  }
  return calls;
}

const DURATION_WORD =
  /^(ms|millis|milliseconds|delay|delayMs|duration|durationMs|wait|waitMs|sleep|sleepMs|seconds|secs)$/i;
const DURATION_SUFFIX = /([_-](ms|millis|delay|duration|seconds|secs)|[a-z](Ms|Millis|Delay|Duration|Seconds|Secs))$/;
/** 2: a name that is a duration (`ms`, `delay`); 1: one that ends like one (`backoffMs`, less sure); 0: neither. */
const durationRank = (name: string) => (DURATION_WORD.test(name) ? 2 : DURATION_SUFFIX.test(name) ? 1 : 0);

export interface DurationArgument {
  tool: JsonObject;
  /** Arguments that keep the tool busy for about `ms`. */
  arguments(ms: number): JsonObject;
}

/** The unit is read from the name (`delaySeconds`) or, for a bare `duration`, from its description ("in seconds"). */
function secondsUnit(key: string, property: JsonObject): boolean {
  if (/(ms|millis|milliseconds?)$/i.test(key)) return false;
  if (/sec/i.test(key)) return true;
  const description = typeof property.description === 'string' ? property.description : '';
  return /\bsec(ond)?s?\b/i.test(description) && !/milli|\bms\b/i.test(description);
}

/** A tool whose schema takes how long to work (a `ms`/`delay`/`seconds` number): a way to hold a request in flight. */
export function durationTool(tools: JsonObject[] | ServerProfile): DurationArgument | undefined {
  let best: { tool: JsonObject; key: string; rank: number } | undefined;
  for (const tool of Array.isArray(tools) ? tools : tools.tools) {
    const schema = isObject(tool.inputSchema) ? tool.inputSchema : {};
    const properties = isObject(schema.properties) ? schema.properties : {};
    for (const key of Object.keys(properties)) {
      const rank = ['integer', 'number'].includes(String((properties[key] as JsonObject)?.type))
        ? durationRank(key)
        : 0;
      if (rank > (best?.rank ?? 0) && typeof tool.name === 'string') best = { tool, key, rank };
    }
  }
  if (!best) return undefined;
  const { tool, key } = best;
  const schema = tool.inputSchema as JsonObject;
  const property = (schema.properties as JsonObject)[key] as JsonObject;
  const inSeconds = secondsUnit(key, property);
  return {
    tool,
    arguments: (ms) => {
      let value = ms;
      if (inSeconds) value = property.type === 'integer' ? Math.max(1, Math.round(ms / 1000)) : ms / 1000;
      if (typeof property.maximum === 'number') value = Math.min(value, property.maximum);
      return { ...sampleArguments(schema), [key]: value };
    },
  };
}

const MAX_PROGRESS_PROBES = 16;
const progressCalls = new WeakMap<ServerProfile, Map<string, Promise<OfferedCall | undefined>>>();

const carriesToken = (message: JsonObject, token: unknown) =>
  message.method === 'notifications/progress' &&
  isObject(message.params) &&
  String(message.params.progressToken) === String(token);

/** The first of `tools` that sends notifications/progress when asked to (duration tools first, kept short); probed once per run and tool list. */
export function findProgressCall(
  client: Client,
  profile: ServerProfile,
  tools: JsonObject[] = profile.tools,
): Promise<OfferedCall | undefined> {
  const byTools = progressCalls.get(profile) ?? new Map<string, Promise<OfferedCall | undefined>>();
  progressCalls.set(profile, byTools);
  const key = tools.map((tool) => String(tool.name)).join('\n');
  let probe = byTools.get(key);
  if (!probe) {
    probe = (async () => {
      const slow = durationTool(tools);
      const calls = offeredCalls(profile, tools).filter((call) => call.method === 'tools/call');
      if (slow)
        calls.unshift({
          method: 'tools/call',
          params: { name: slow.tool.name, arguments: slow.arguments(200) },
          label: `tool ${JSON.stringify(slow.tool.name)}`,
        });
      for (const [index, call] of calls.slice(0, MAX_PROGRESS_PROBES).entries()) {
        const token = `mcp-conform-progress-probe-${index}`;
        const exchange = await client.request(call.method, call.params, { meta: { progressToken: token } });
        if (exchange.notifications.some((message) => carriesToken(message, token))) return call;
      }
      return undefined;
    })();
    byTools.set(key, probe);
  }
  return probe;
}

/** Progress notifications among messages that carry this token (compared as text, so a retyped token is still found). */
export function progressFor(messages: JsonObject[], token: unknown): JsonObject[] {
  return messages.filter((message) => carriesToken(message, token));
}
