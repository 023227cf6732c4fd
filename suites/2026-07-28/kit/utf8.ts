// RPC-002: messages are UTF-8. Any server can be probed through the request id, which it must
// send back unchanged; where a prompt or a callable tool echoes a string argument, that echo is
// checked too. Text outside the Basic Multilingual Plane (surrogate pairs in UTF-16, four bytes
// in UTF-8) is where broken decoders show.
import type { CheckContext, CheckDefinition } from '../../../harness/checks/check.js';
import { expectResult, expectThat, observed } from '../../../harness/checks/expect.js';
import { CLIENT_INFO_KEY } from '../../../harness/lifecycles/meta.js';
import { describeOutcome } from '../../../harness/lifecycles/profile.js';
import { sampleArguments } from '../../../harness/lifecycles/sample-requests.js';
import type { StatelessClient } from '../../../harness/lifecycles/stateless-client.js';
import { isObject, type JsonObject } from '../../../harness/model.js';
import { callableTools } from './tool-calls.js';

const MARKER = 'mcp-conform-utf8';
/** Caseless characters only, so an echo that changes letter case still carries them unchanged. */
const TEXT = ' \u2713 \u4e16\u754c \u{1f600} \u{1d11e}';
export const UTF8_SENTINEL = `${MARKER}${TEXT}`;
const MAX_ECHO_CALLS = 6;

type Ctx = CheckContext<StatelessClient>;
export type EchoVerdict = 'intact' | 'corrupted' | 'transformed';

/** JSON's ASCII-only spelling of the text (\uXXXX per UTF-16 unit), as json.dumps writes it by default. */
const asciiEscaped = (text: string) =>
  text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
/** U+FFFD, a lone surrogate, or UTF-8 bytes read as Latin-1 (a lead byte followed by a continuation byte). */
const BROKEN =
  /\ufffd|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\u00c2-\u00f4][\u0080-\u00bf]/;

/** How the text after the marker came back in one string of the answer (undefined: no echo in it). */
export function judgeEcho(value: string): EchoVerdict | undefined {
  const at = value.toLowerCase().indexOf(MARKER);
  if (at < 0) return undefined;
  const after = value.slice(at + MARKER.length);
  if (after.startsWith(TEXT) || after.toLowerCase().startsWith(asciiEscaped(TEXT).toLowerCase())) return 'intact';
  return BROKEN.test(after.slice(0, TEXT.length * 6)) ? 'corrupted' : 'transformed';
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  return isObject(value) ? Object.values(value).flatMap(strings) : [];
}

/** Top-level string properties free of constraints the sentinel could break. */
function freeTextKeys(inputSchema: unknown): string[] {
  const properties = isObject(inputSchema) && isObject(inputSchema.properties) ? inputSchema.properties : {};
  return Object.entries(properties)
    .filter(
      ([, schema]) =>
        isObject(schema) &&
        schema.type === 'string' &&
        !['enum', 'const', 'pattern', 'format', 'x-mcp-header'].some((key) => key in schema),
    )
    .filter(
      ([, schema]) =>
        typeof (schema as JsonObject).maxLength !== 'number' ||
        ((schema as JsonObject).maxLength as number) >= UTF8_SENTINEL.length,
    )
    .map(([key]) => key);
}

/** prompts/get and tools/call requests whose free-text arguments all carry the sentinel. */
function echoCandidates(ctx: Ctx): Array<{ method: string; params: JsonObject; label: string }> {
  const prompts = ctx.profile.prompts.flatMap((prompt) => {
    const names = (Array.isArray(prompt.arguments) ? prompt.arguments : [])
      .filter(isObject)
      .map((arg) => arg.name)
      .filter((name): name is string => typeof name === 'string');
    if (typeof prompt.name !== 'string' || names.length === 0) return [];
    return [
      {
        method: 'prompts/get',
        params: { name: prompt.name, arguments: Object.fromEntries(names.map((name) => [name, UTF8_SENTINEL])) },
        label: `prompt ${JSON.stringify(prompt.name)}`,
      },
    ];
  });
  const tools = callableTools(ctx).tools.flatMap((tool) => {
    const keys = freeTextKeys(tool.inputSchema);
    if (keys.length === 0) return [];
    const args = {
      ...sampleArguments(tool.inputSchema),
      ...Object.fromEntries(keys.map((key) => [key, UTF8_SENTINEL])),
    };
    return [
      {
        method: 'tools/call',
        params: { name: tool.name, arguments: args },
        label: `tool ${JSON.stringify(tool.name)}`,
      },
    ];
  });
  return [...prompts, ...tools].slice(0, MAX_ECHO_CALLS);
}

export const utf8RoundTrip: CheckDefinition<StatelessClient> = {
  slug: 'utf8-round-trip',
  title: 'Non-ASCII text (outside the BMP too) survives a round trip',
  requirement:
    'JSON-RPC messages MUST be UTF-8 encoded, and a response carries the id of its request: a string id with non-ASCII characters comes back unchanged, non-ASCII in _meta clientInfo does not break the request, and where a prompt or tool echoes an argument the characters come back intact (or JSON-escaped), never as U+FFFD, lone surrogates or Latin-1 mojibake.',
  level: 'MUST',
  spec: 'basic/transports#messages',
  catalog: ['RPC-002', 'RPC-003'],
  async run(ctx) {
    const id = `${UTF8_SENTINEL} id`;
    const discover = await ctx.client.request(
      'server/discover',
      {},
      { id, meta: { [CLIENT_INFO_KEY]: { name: UTF8_SENTINEL, version: '1.0.0' } } },
    );
    expectThat(
      discover.response !== undefined && !discover.idTypeMismatch,
      `server/discover with id ${JSON.stringify(id)} got ${describeOutcome(discover)}`,
      {
        expected: `a response with id ${JSON.stringify(id)}`,
        actual: observed(discover),
      },
    );
    expectResult(discover, 'a DiscoverResult for a request with non-ASCII id and clientInfo');
    const transformed: string[] = [];
    for (const call of echoCandidates(ctx)) {
      const exchange = await ctx.client.request(call.method, call.params);
      expectThat(
        exchange.response !== undefined,
        `${call.label} with non-ASCII arguments got ${describeOutcome(exchange)}`,
        { expected: 'a response', actual: observed(exchange) },
      );
      const verdicts = strings(exchange.response.result)
        .map((value) => ({ value, verdict: judgeEcho(value) }))
        .filter((v) => v.verdict !== undefined);
      const broken = verdicts.find((v) => v.verdict === 'corrupted');
      expectThat(
        broken === undefined,
        `${call.label} echoed ${JSON.stringify(UTF8_SENTINEL)} as ${JSON.stringify(broken?.value.slice(0, 120))}`,
        { expected: UTF8_SENTINEL, actual: broken?.value },
      );
      if (verdicts.some((v) => v.verdict === 'intact'))
        return ctx.note(`${call.label} echoed the non-ASCII text intact`);
      if (verdicts.length > 0) transformed.push(call.label);
    }
    ctx.note(
      transformed.length > 0
        ? `echoed in another form (not judged) by ${transformed.join(', ')}`
        : 'no prompt or callable tool echoed the text: only the id round trip was judged',
    );
  },
};
