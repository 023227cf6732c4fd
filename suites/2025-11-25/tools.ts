// 2025-11-25 tools: tools/list and its schemas, tools/call results (content, structuredContent
// against outputSchema), and the split between protocol errors and tool execution errors.
import { defineArea } from '../../harness/checks/check.js';
import { errorOf, expectResult, expectThat, expectValid, observed } from '../../harness/checks/expect.js';
import { isObject, type JsonObject } from '../../harness/model.js';
import { compileSchema } from '../../generators/schema/index.js';
import { expectProtocolError } from '../shared/protocol-error.js';
import { textIsJson } from '../shared/same-json.js';
import { walkSchemas } from '../shared/schema-walk.js';
import { badBase64, listBothWays, toolArguments } from './kit/feature-helpers.js';
import { callableTools, policyReason, type Ctx } from './kit/helpers.js';

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const CALL_LIMIT = 8;

function needCallable(ctx: Ctx, filter: (tool: JsonObject) => boolean = () => true, what = 'tool'): JsonObject[] {
  const tools = callableTools(ctx).filter(filter);
  if (tools.length > 0) return tools.slice(0, CALL_LIMIT);
  if (ctx.profile.tools.some(filter)) ctx.skip(`${policyReason(ctx)}, so no ${what} may be called`);
  return ctx.skip(`server lists no ${what}`);
}

function schemaProblem(schema: unknown, what: string): string | undefined {
  if (!isObject(schema)) return `${what} is not an object`;
  if (schema.type !== 'object') return `${what} has root type ${JSON.stringify(schema.type)}, not "object"`;
  const compiled = compileSchema(schema);
  return compiled.ok ? undefined : `${what} does not compile: ${compiled.message}`;
}

export default defineArea('2025-11-25', 'tools', [
  {
    slug: 'list-result',
    title: 'tools/list answers with a valid ListToolsResult, with or without params',
    requirement:
      'The tools/list result has a tools array of Tool definitions (name, inputSchema with type "object"); params, and the cursor in it, are optional.',
    level: 'MUST',
    spec: 'server/tools#listing-tools',
    catalog: ['TOOL-001', 'TOOL-015', 'PAGE-004'],
    requires: ['tools'],
    async run(ctx) {
      for (const result of await listBothWays(ctx, 'tools/list'))
        expectValid(ctx.schema, 'ListToolsResult', result, 'the tools/list result');
    },
  },
  {
    slug: 'schemas-valid',
    title: 'Every inputSchema and outputSchema is a valid JSON Schema with root type "object"',
    requirement:
      'inputSchema MUST be a valid JSON Schema object (not null) and outputSchema, if present, a valid JSON Schema; both have type "object" at the root; the dialect is 2020-12 unless $schema says otherwise.',
    level: 'MUST',
    spec: 'server/tools#tool',
    catalog: ['TOOL-002', 'TOOL-003', 'META-004'],
    requires: ['tools'],
    async run(ctx) {
      if (ctx.profile.tools.length === 0) ctx.skip('server lists no tools');
      const problems: string[] = [];
      const visit = (tool: JsonObject) => {
        const name = JSON.stringify(tool.name);
        const input = schemaProblem(tool.inputSchema, `the inputSchema of ${name}`);
        const output =
          tool.outputSchema === undefined ? undefined : schemaProblem(tool.outputSchema, `the outputSchema of ${name}`);
        problems.push(...[input, output].filter((problem): problem is string => problem !== undefined));
      };
      await walkSchemas(ctx.profile.tools, visit, (text) => ctx.note(text));
      expectThat(problems.length === 0, problems[0] ?? '', { expected: 'valid object schemas', actual: problems });
    },
  },
  {
    slug: 'names',
    title: 'Tool names are 1-128 characters of A-Z a-z 0-9 _ - . and unique',
    requirement:
      'Tool names SHOULD be 1 to 128 characters of ASCII letters, digits, underscore, hyphen and dot, and SHOULD be unique within a server.',
    level: 'SHOULD',
    spec: 'server/tools#tool-names',
    catalog: ['TOOL-004'],
    requires: ['tools'],
    async run(ctx) {
      const names = ctx.profile.tools.map((tool) => String(tool.name));
      const bad = names.filter((name) => !TOOL_NAME.test(name));
      expectThat(
        bad.length === 0,
        `tool name(s) outside the allowed characters or length: ${bad.map((n) => JSON.stringify(n)).join(', ')}`,
        { expected: String(TOOL_NAME), actual: bad },
      );
      const repeated = names.filter((name, index) => names.indexOf(name) !== index);
      expectThat(repeated.length === 0, `tool name(s) listed more than once: ${[...new Set(repeated)].join(', ')}`, {
        expected: 'unique names',
        actual: names,
      });
    },
  },
  {
    slug: 'unknown-tool',
    title: 'Calling an unknown tool is a protocol error, not a tool result',
    requirement:
      'Unknown tools are protocol errors, "returned as standard JSON-RPC errors" (-32602 is the example; any code answers the rule), not results with isError.',
    level: 'SHOULD',
    levelReason:
      'no keyword: protocol errors "are returned as standard JSON-RPC errors", in plain words (the 2026-07-28 schema a lower-case "should")',
    spec: 'server/tools#error-handling',
    catalog: ['TOOL-008'],
    requires: ['tools'],
    async run(ctx) {
      expectProtocolError(
        ctx,
        await ctx.client.request('tools/call', { name: `x-mcp-conform-missing-${Date.now()}`, arguments: {} }),
        'calling an unknown tool',
      );
    },
  },
  {
    slug: 'malformed-call',
    title: 'A tools/call without a usable name gets a JSON-RPC protocol error',
    requirement:
      'A request that fails the CallToolRequest schema is a protocol error, "returned as standard JSON-RPC errors": -32602 is the example; any code answers the rule.',
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
    },
  },
  {
    slug: 'invalid-arguments',
    title: 'Arguments that break the inputSchema are rejected, as a tool execution error (isError)',
    requirement:
      'Servers MUST validate all tool inputs (security-considerations), as 2026-07-28 has it: a call without its required arguments is never served. Input validation errors are tool execution errors, a result with isError: true (error-handling; a SHOULD): a -32602, the older behaviour, is a warning.',
    level: 'MUST',
    levelReason:
      'two sentences: "Servers MUST validate all tool inputs" decides serving (fail); that validation errors are tool execution errors (isError) has no keyword, so a -32602 warns',
    spec: 'server/tools#security-considerations',
    catalog: ['TOOL-010', 'TOOL-011'],
    requires: ['tools'],
    async run(ctx) {
      const [tool] = needCallable(
        ctx,
        (t) => isObject(t.inputSchema) && Array.isArray(t.inputSchema.required) && t.inputSchema.required.length > 0,
        'tool with required arguments',
      );
      const exchange = await ctx.client.request('tools/call', { name: tool.name, arguments: {} });
      const what = `${String(tool.name)} called without its required arguments`;
      const error = errorOf(exchange);
      if (error) {
        ctx.warn(
          `${what} was rejected with JSON-RPC error ${String(error.code)}; input validation errors SHOULD be tool execution errors (isError)`,
          {
            expected: { isError: true },
            actual: observed(exchange),
          },
        );
      }
      const result = expectResult(exchange, `a result with isError: true for ${what}`);
      expectThat(
        result.isError === true,
        `${what} was served: a result without isError (servers MUST validate all tool inputs)`,
        { expected: { isError: true }, actual: result },
      );
    },
  },
  {
    slug: 'call-result',
    title: 'tools/call answers with a valid CallToolResult with well-encoded content',
    requirement:
      'A tool result has a content array of content blocks (isError and structuredContent optional); image and audio data MUST be base64, and embedded blobs properly encoded.',
    level: 'MUST',
    spec: 'server/tools#tool-result',
    catalog: ['TOOL-005', 'TOOL-013', 'TOOL-014'],
    requires: ['tools'],
    async run(ctx) {
      for (const tool of needCallable(ctx)) {
        const result = expectResult(
          await ctx.client.request('tools/call', { name: tool.name, arguments: toolArguments(tool) }),
        );
        expectValid(ctx.schema, 'CallToolResult', result, `the result of ${String(tool.name)}`);
        const bad = badBase64(result.content);
        expectThat(bad.length === 0, `the result of ${String(tool.name)} has content that is not valid base64`, {
          expected: 'base64 data and blobs',
          actual: bad,
        });
      }
    },
  },
  {
    slug: 'structured-content',
    title: 'A tool with an outputSchema returns structuredContent that conforms to it',
    requirement:
      'If an output schema is provided, servers MUST provide structured results that conform to this schema.',
    level: 'MUST',
    spec: 'server/tools#output-schema',
    catalog: ['TOOL-006'],
    requires: ['tools'],
    async run(ctx) {
      let judged = 0;
      for (const tool of needCallable(ctx, (t) => isObject(t.outputSchema), 'tool with an outputSchema')) {
        const result = expectResult(
          await ctx.client.request('tools/call', { name: tool.name, arguments: toolArguments(tool) }),
        );
        if (result.isError === true) {
          ctx.note(`${String(tool.name)} returned isError with the sample arguments; its output is not judged`);
          continue;
        }
        const compiled = compileSchema(tool.outputSchema);
        if (!compiled.ok)
          return ctx.skip(`the outputSchema of ${String(tool.name)} does not compile (see schemas-valid)`);
        judged++;
        expectThat(
          compiled.validate(result.structuredContent),
          `the structuredContent of ${String(tool.name)} does not conform to its outputSchema: ${compiled.explain(result.structuredContent).join('; ')}`,
          {
            expected: tool.outputSchema,
            actual: result.structuredContent ?? null,
          },
        );
      }
      if (judged === 0)
        ctx.skip(
          'every tool with an outputSchema returned isError with the sample arguments: no structured output to judge',
        );
    },
  },
  {
    slug: 'structured-content-text',
    title: 'structuredContent is also returned as serialized JSON in a text block',
    requirement:
      'For backwards compatibility, a tool that returns structured content SHOULD also return the serialized JSON in a TextContent block.',
    level: 'SHOULD',
    spec: 'server/tools#structured-content',
    catalog: ['TOOL-007'],
    requires: ['tools'],
    async run(ctx) {
      let judged = 0;
      for (const tool of needCallable(ctx, (t) => isObject(t.outputSchema), 'tool with an outputSchema')) {
        const result = expectResult(
          await ctx.client.request('tools/call', { name: tool.name, arguments: toolArguments(tool) }),
        );
        if (result.structuredContent === undefined) continue;
        judged++;
        const wanted = result.structuredContent;
        const texts = (Array.isArray(result.content) ? result.content : []).filter(
          (b): b is JsonObject => isObject(b) && b.type === 'text',
        );
        const mirrored = texts.some((block) => textIsJson(String(block.text), wanted));
        expectThat(mirrored, `no text block of ${String(tool.name)} holds its structuredContent as JSON`, {
          expected: wanted,
          actual: result.content,
        });
      }
      if (judged === 0) ctx.skip('no called tool returned structuredContent: nothing to compare with its text');
    },
  },
]);
