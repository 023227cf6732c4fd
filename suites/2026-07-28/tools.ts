// 2026-07-28 tools: the listing (shape, names, schemas, x-mcp-header), and calls with valid,
// invalid and malformed arguments. Calls follow the run's --tool-calls policy (tool-calls.ts).
import { defineArea } from '../../harness/checks/check.js';
import { expectThat } from '../../harness/checks/expect.js';
import { inconclusive } from '../../harness/checks/outcome.js';
import { refusedInvented } from '../shared/invented.js';
import { expectProtocolError } from '../shared/protocol-error.js';
import { isObject, type JsonObject } from '../../harness/model.js';
import { compileSchema, externalRefs, headerProblems, sensitiveHeaders } from '../../generators/schema/index.js';
import { textIsJson } from '../shared/same-json.js';
import { walkSchemas } from '../shared/schema-walk.js';
import { contentBlockProblems } from './kit/content.js';
import { validatedPages } from './kit/lists.js';
import {
  brief,
  callableTools,
  describeCall,
  invalidCalls,
  makeCalls,
  MISSING_CLIENT_CAPABILITY,
  nothingToJudge,
  toolName,
  toolsToCall,
  validCalls,
  type ToolCall,
} from './kit/tool-calls.js';

const MAX_LISTED = 10;
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const UNKNOWN_TOOL = 'mcp-conform-no-such-tool-7f3a9c';

/** inputSchema and outputSchema of every listed tool, labelled. */
function schemasOf(tools: JsonObject[]): Array<{ label: string; schema: unknown }> {
  return tools.flatMap((tool) => [
    { label: `${toolName(tool)} inputSchema`, schema: tool.inputSchema },
    ...('outputSchema' in tool ? [{ label: `${toolName(tool)} outputSchema`, schema: tool.outputSchema }] : []),
  ]);
}

const succeeded = (call: ToolCall) => call.outcome.kind === 'complete' && !call.outcome.isError;
const resultOf = (call: ToolCall) => (call.outcome.kind === 'complete' ? call.outcome.result : undefined);

export default defineArea('2026-07-28', 'tools', [
  {
    slug: 'list-result',
    title: 'tools/list pages are ListToolsResults whose tools have an object inputSchema',
    requirement:
      'Every tools/list page is a ListToolsResult (tools, optional nextCursor, ttlMs, cacheScope); each Tool has a name and an inputSchema that is a JSON Schema object with root type "object".',
    level: 'MUST',
    spec: 'server/tools#listing-tools',
    catalog: ['TOOL-002', 'TOOL-005'],
    requires: ['tools'],
    async run(ctx) {
      await validatedPages(ctx, 'tools/list', 'tools', 'ListToolsResult');
    },
  },
  {
    slug: 'schemas-valid',
    title: 'Every inputSchema and outputSchema is a valid schema of its dialect',
    requirement:
      'Schemas MUST be valid according to their declared dialect, JSON Schema 2020-12 when $schema is absent (boolean subschemas included). Unsupported dialects and external $refs cannot be judged and are noted.',
    level: 'MUST',
    spec: 'basic#schema-validation',
    catalog: ['TOOL-006', 'JSS-001'],
    requires: ['tools'],
    async run(ctx) {
      const schemas = schemasOf(ctx.profile.tools);
      if (schemas.length === 0) ctx.skip('server lists no tools');
      const invalid: JsonObject[] = [];
      const visit = ({ label, schema }: { label: string; schema: unknown }) => {
        const compiled = compileSchema(schema, { formats: false });
        if (compiled.ok) return;
        if (compiled.kind === 'invalid-schema') invalid.push({ schema: label, problem: compiled.message });
        else ctx.note(`${label}: not judged (${compiled.kind}: ${compiled.message})`);
      };
      await walkSchemas(schemas, visit, (text) => ctx.note(text));
      expectThat(
        invalid.length === 0,
        `${invalid.length} tool schema(s) are not valid JSON Schema; first: ${String(invalid[0]?.schema)}: ${String(invalid[0]?.problem)}`,
        {
          expected: 'valid schemas in the declared (default 2020-12) dialect',
          actual: invalid.slice(0, MAX_LISTED),
        },
      );
    },
  },
  {
    slug: 'names',
    title: 'Tool names are 1-128 characters of A-Z a-z 0-9 _ - . and unique',
    requirement:
      'Tool names SHOULD be 1 to 128 characters long, use only ASCII letters, digits, underscore, hyphen and dot, and be unique within the server.',
    level: 'SHOULD',
    spec: 'server/tools#tool-names',
    catalog: ['TOOL-007'],
    requires: ['tools'],
    async run(ctx) {
      const names = ctx.profile.tools.map((tool) => tool.name);
      const bad = names.filter((name) => typeof name !== 'string' || !TOOL_NAME.test(name));
      const repeated = names.filter((name, i) => names.indexOf(name) !== i);
      expectThat(
        bad.length === 0,
        `${bad.length} tool name(s) break the naming rules; first: ${JSON.stringify(bad[0])}`,
        { expected: String(TOOL_NAME), actual: bad.slice(0, MAX_LISTED) },
      );
      expectThat(
        repeated.length === 0,
        `tool name(s) listed more than once: ${repeated
          .slice(0, 5)
          .map((n) => JSON.stringify(n))
          .join(', ')}`,
        { expected: 'unique names', actual: repeated },
      );
    },
  },
  {
    slug: 'x-mcp-header-valid',
    title: 'x-mcp-header annotations are valid header names on reachable primitive properties',
    requirement:
      'Each x-mcp-header value MUST be a non-empty RFC 9110 token without control characters, case-insensitively unique in its inputSchema, on an integer, string or boolean property reachable from the root through properties keys only.',
    level: 'MUST',
    spec: 'server/tools#x-mcp-header',
    catalog: ['TOOL-018'],
    requires: ['tools'],
    async run(ctx) {
      const broken = ctx.profile.tools
        .map((tool) => ({ tool: toolName(tool), problems: headerProblems(tool.inputSchema) }))
        .filter((t) => t.problems.length > 0);
      expectThat(
        broken.length === 0,
        `${broken.length} tool(s) have invalid x-mcp-header annotations (HTTP clients must drop them); first: ${broken[0]?.tool}: ${broken[0]?.problems[0]}`,
        {
          expected: 'valid x-mcp-header annotations',
          actual: broken.slice(0, MAX_LISTED),
        },
      );
    },
  },
  {
    slug: 'x-mcp-header-not-sensitive',
    title: 'x-mcp-header is not put on passwords, keys, tokens or personal data',
    requirement:
      'Servers SHOULD NOT mark sensitive parameters (passwords, API keys, tokens, PII) with x-mcp-header: header values are visible to intermediaries. Judged by property and header names.',
    level: 'SHOULD',
    spec: 'server/tools#x-mcp-header',
    catalog: ['TOOL-019'],
    requires: ['tools'],
    async run(ctx) {
      const flagged = ctx.profile.tools.flatMap((tool) =>
        sensitiveHeaders(tool.inputSchema).map((hit) => ({ tool: toolName(tool), ...hit })),
      );
      expectThat(
        flagged.length === 0,
        `x-mcp-header on what looks like a secret: ${flagged
          .slice(0, 3)
          .map((f) => `${f.tool}.${f.property} -> Mcp-Param-${f.header}`)
          .join(', ')}`,
        {
          expected: 'no sensitive parameter mirrored into a header',
          actual: flagged.slice(0, MAX_LISTED),
        },
      );
    },
  },
  {
    slug: 'no-external-refs',
    title: 'Tool schemas do not depend on $refs that would have to be fetched',
    requirement:
      'Implementations MUST NOT automatically dereference network $refs, and schemas that fail to validate because of an unresolved external $ref SHOULD be rejected; so a published schema should be self-contained (inferred).',
    level: 'SHOULD',
    spec: 'basic#ref-resolution',
    catalog: ['JSS-003'],
    requires: ['tools'],
    async run(ctx) {
      const found = schemasOf(ctx.profile.tools).flatMap(({ label, schema }) =>
        externalRefs(schema).map((ref) => ({ schema: label, ...ref })),
      );
      expectThat(
        found.length === 0,
        `${found.length} external $ref(s), which conforming clients will not fetch; first: ${found[0]?.schema} ${found[0]?.at}: ${found[0]?.ref}`,
        {
          expected: 'only $refs inside the schema',
          actual: found.slice(0, MAX_LISTED),
        },
      );
    },
  },
  {
    slug: 'unknown-tool',
    title: 'Calling a tool that does not exist is a JSON-RPC protocol error',
    requirement:
      'An unknown tool is a protocol error, "returned as standard JSON-RPC errors", never a result (not even one with isError: true). The text has no capital keyword and the schema a lower-case "should", so a SHOULD, as in 2025-11-25; -32602 is the example, and any JSON-RPC error code answers the rule.',
    level: 'SHOULD',
    levelReason:
      'no keyword: protocol errors "are returned as standard JSON-RPC errors", in plain words (the 2026-07-28 schema a lower-case "should")',
    spec: 'server/tools#error-handling',
    catalog: ['TOOL-008'],
    requires: ['tools'],
    async run(ctx) {
      // No tool runs, so this is allowed under every --tool-calls policy.
      expectThat(
        !ctx.profile.tools.some((tool) => tool.name === UNKNOWN_TOOL),
        `the server lists a tool named ${UNKNOWN_TOOL}`,
      );
      expectProtocolError(
        ctx,
        await ctx.client.request('tools/call', { name: UNKNOWN_TOOL, arguments: {} }),
        `calling unknown tool ${UNKNOWN_TOOL}`,
      );
    },
  },
  {
    slug: 'malformed-call',
    title: 'A tools/call that breaks the CallToolRequest schema gets a JSON-RPC protocol error',
    requirement:
      'Requests that fail the CallToolRequest schema (no name, a non-string name, arguments that are not an object) are protocol errors, "returned as standard JSON-RPC errors": a SHOULD as in 2025-11-25 (no capital keyword; the schema\'s lower-case "should"). -32602 is the example; any JSON-RPC error code answers the rule (on HTTP -32020, a name that cannot be mirrored into Mcp-Name, among them).',
    level: 'SHOULD',
    levelReason:
      'no keyword: protocol errors "are returned as standard JSON-RPC errors", in plain words (the 2026-07-28 schema a lower-case "should")',
    spec: 'server/tools#error-handling',
    catalog: ['TOOL-009'],
    requires: ['tools'],
    async run(ctx) {
      expectProtocolError(ctx, await ctx.client.request('tools/call', { arguments: {} }), 'tools/call without a name');
      expectProtocolError(
        ctx,
        await ctx.client.request('tools/call', { name: 42, arguments: {} }),
        'tools/call with a numeric name',
      );
      // Bad arguments go to a real tool, which a broken server might run: only under the policy.
      const [tool] = callableTools(ctx).tools;
      if (!tool) return ctx.note('arguments variants not sent: no tool may be called under the --tool-calls policy');
      for (const bad of ['not an object', [1, 2], 7]) {
        const exchange = await ctx.client.request('tools/call', {
          name: tool.name as string,
          arguments: bad as unknown as JsonObject,
        });
        expectProtocolError(
          ctx,
          exchange,
          `tools/call of ${tool.name as string} with arguments ${JSON.stringify(bad)}`,
        );
      }
    },
  },
  {
    slug: 'valid-arguments',
    title: 'Calls whose arguments satisfy inputSchema are not refused with a protocol error',
    requirement:
      'Errors that originate from a tool SHOULD be reported in a result with isError: true, not as a protocol error; a call whose arguments satisfy the inputSchema (in its dialect) is well formed, so it gets a result, an input_required result or, when a client capability is missing, -32021. A -32602 to values the harness generated is not judged: the server may know constraints its schema does not state.',
    level: 'SHOULD',
    spec: 'schema#calltoolresult',
    catalog: ['TOOL-015', 'TOOL-016', 'JSS-002'],
    requires: ['tools'],
    async run(ctx) {
      const calls = await makeCalls(ctx, validCalls(ctx, toolsToCall(ctx), 3));
      if (calls.length === 0) ctx.skip('no valid arguments could be generated for any callable tool');
      // -32602 for generated values: the server may know constraints its schema does not say, so it decides nothing.
      const inventedRefused = calls.filter((call) => call.outcome.kind === 'error' && call.outcome.code === -32602);
      for (const call of inventedRefused.slice(0, MAX_LISTED))
        ctx.note(refusedInvented(`tool ${call.tool}`, [call.label], describeCall(call)));
      if (inventedRefused.length === calls.length)
        ctx.skip(refusedInvented(`every call (${calls.length})`, ['generated arguments'], '-32602'));
      const refused = calls.filter(
        (call) =>
          call.outcome.kind === 'error' &&
          call.outcome.code !== MISSING_CLIENT_CAPABILITY &&
          call.outcome.code !== -32602,
      );
      expectThat(
        refused.length === 0,
        `${refused.length} of ${calls.length} valid call(s) got a JSON-RPC error; first: ${describeCall(refused[0])}`,
        {
          expected: 'a result (isError allowed), input_required, or -32021',
          actual: refused.slice(0, MAX_LISTED).map(brief),
        },
      );
      // A slow tool may legitimately outlast the timeout: silence is neither a pass nor a finding.
      const silent = calls.filter((call) => call.outcome.kind === 'no-answer');
      if (silent.length > 0)
        inconclusive(
          `${silent.length} of ${calls.length} valid call(s) got no answer, so they could not be judged; first: ${describeCall(silent[0])}`,
        );
    },
  },
  {
    slug: 'invalid-arguments',
    title: 'Arguments that break inputSchema are rejected (-32602 or isError), never served',
    requirement:
      'Servers MUST validate all tool inputs: arguments violating the inputSchema (missing required, wrong type, enum, bounds, pattern, closed properties, 2020-12 prefixItems...) get -32602 or a result with isError: true, never a normal result.',
    level: 'MUST',
    spec: 'server/tools#security-considerations',
    catalog: ['TOOL-010', 'JSS-002'],
    requires: ['tools'],
    async run(ctx) {
      const calls = await makeCalls(ctx, invalidCalls(ctx, toolsToCall(ctx), 8));
      if (calls.length === 0) ctx.skip('no invalid arguments could be derived from any callable tool schema');
      const judged = calls.filter(
        (call) =>
          call.outcome.kind === 'complete' ||
          (call.outcome.kind === 'error' && call.outcome.code !== MISSING_CLIENT_CAPABILITY),
      );
      if (judged.length < calls.length)
        ctx.note(`${calls.length - judged.length} call(s) not judged (input_required, -32021 or no answer)`);
      const accepted = judged.filter(
        (call) => succeeded(call) || (call.outcome.kind === 'error' && call.outcome.code !== -32602),
      );
      expectThat(
        accepted.length === 0,
        `${accepted.length} of ${judged.length} invalid call(s) were not rejected (served, or a wrong code); first: ${describeCall(accepted[0])}`,
        {
          expected: 'JSON-RPC error -32602 or a result with isError: true',
          actual: accepted.slice(0, MAX_LISTED).map(brief),
        },
      );
      // Silence is neither a rejection nor serving: unanswered calls leave the verdict open.
      const silent = calls.filter((call) => call.outcome.kind === 'no-answer');
      if (silent.length > 0)
        inconclusive(
          `${silent.length} of ${calls.length} invalid call(s) got no answer, so whether they were rejected is unknown; first: ${describeCall(silent[0])}`,
        );
    },
  },
  {
    slug: 'output-schema',
    title: 'Successful results of a tool with outputSchema carry conforming structuredContent',
    requirement:
      'If a tool declares an outputSchema, the server MUST provide structured results that conform to it: every successful (not isError) result has structuredContent valid against the outputSchema, which may describe any JSON value.',
    level: 'MUST',
    spec: 'server/tools#output-schema',
    catalog: ['TOOL-012', 'JSS-005'],
    requires: ['tools'],
    async run(ctx) {
      const tools = toolsToCall(ctx, (tool) => tool.outputSchema !== undefined, 'tool with an outputSchema');
      const made = await makeCalls(ctx, validCalls(ctx, tools, 2));
      const calls = made.filter(succeeded);
      if (calls.length === 0) nothingToJudge(ctx, made, 'no call of a tool with outputSchema succeeded');
      const bad: JsonObject[] = [];
      for (const call of calls) {
        const output = compileSchema(ctx.profile.tools.find((tool) => toolName(tool) === call.tool)?.outputSchema);
        if (!output.ok) ctx.note(`${call.tool} outputSchema not usable: ${output.message}`);
        const structured = resultOf(call)!.structuredContent;
        if (structured === undefined) bad.push({ ...brief(call), problem: 'no structuredContent' });
        else if (output.ok && !output.validate(structured))
          bad.push({ ...brief(call), problem: output.explain(structured).slice(0, 3) });
      }
      expectThat(
        bad.length === 0,
        `${bad.length} successful result(s) lack conforming structuredContent; first: ${String(bad[0]?.tool)}: ${JSON.stringify(bad[0]?.problem)}`,
        {
          expected: 'structuredContent valid against the outputSchema',
          actual: bad.slice(0, MAX_LISTED),
        },
      );
    },
  },
  {
    slug: 'structured-text-mirror',
    title: 'Structured content is also returned as its JSON text',
    requirement:
      'For backwards compatibility, a tool that returns structured content SHOULD also return the serialized JSON in a TextContent block.',
    level: 'SHOULD',
    spec: 'server/tools#structured-content',
    catalog: ['TOOL-013'],
    requires: ['tools'],
    async run(ctx) {
      const made = await makeCalls(ctx, validCalls(ctx, toolsToCall(ctx), 1));
      const calls = made.filter((call) => resultOf(call)?.structuredContent !== undefined);
      if (calls.length === 0) nothingToJudge(ctx, made, 'no call returned structuredContent');
      const unmirrored = calls.filter((call) => !mirrorsStructured(resultOf(call)!));
      expectThat(
        unmirrored.length === 0,
        `${unmirrored.length} result(s) with structuredContent have no text block holding the same JSON; first: ${unmirrored[0]?.tool}`,
        {
          expected: 'a text block whose JSON.parse equals structuredContent',
          actual: unmirrored.slice(0, MAX_LISTED).map(brief),
        },
      );
    },
  },
  {
    slug: 'content-blocks',
    title: 'Tool results carry well-formed content blocks (strict base64, MIME types)',
    requirement:
      'CallToolResult.content is a list of ContentBlocks (text, image, audio, resource_link, resource); image and audio data and embedded blobs are base64, MIME types are type/subtype, annotations within range.',
    level: 'MUST',
    spec: 'server/tools#tool-result',
    catalog: ['TOOL-011', 'TOOL-014'],
    requires: ['tools'],
    async run(ctx) {
      const made = await makeCalls(ctx, validCalls(ctx, toolsToCall(ctx), 1));
      const calls = made.filter((call) => call.outcome.kind === 'complete');
      if (calls.length === 0) nothingToJudge(ctx, made, 'no call produced a complete result');
      const problems = calls.flatMap((call) => {
        const content = resultOf(call)!.content;
        if (!Array.isArray(content)) return [`${call.tool}: result has no content array`];
        return content.flatMap((block, i) => contentBlockProblems(ctx.schema, block, `${call.tool} content[${i}]`));
      });
      expectThat(problems.length === 0, `${problems.length} content problem(s); first: ${problems[0]}`, {
        expected: 'well-formed content blocks',
        actual: problems.slice(0, MAX_LISTED),
      });
    },
  },
]);

function mirrorsStructured(result: JsonObject): boolean {
  const blocks = Array.isArray(result.content) ? result.content : [];
  return blocks.some(
    (block) =>
      isObject(block) &&
      block.type === 'text' &&
      typeof block.text === 'string' &&
      textIsJson(block.text, result.structuredContent),
  );
}
