// The small parsers the 2026-07-28 feature checks lean on: RFC 6570 templates, strict base64,
// MIME types. (They sit in suites/; their tests live with the other schema-input tests.)
import { describe, expect, test } from 'vitest';
import { cheapRequest } from '../../harness/lifecycles/sample-requests.js';
import type { ServerProfile } from '../../harness/lifecycles/profile.js';
import { badBase64 } from '../../suites/2025-11-25/kit/feature-helpers.js';
import { isMimeType, isStrictBase64 } from '../../suites/shared/encodings.js';
import { mayCall, policyReason, whyNotCallable } from '../../suites/shared/tool-policy.js';
import { parseUriTemplate, templateVariables, uriTemplateProblem } from '../../suites/shared/uri-template.js';

describe('parseUriTemplate', () => {
  test.each([
    ['file:///{path}', ['path']],
    ['file:///reference/{+path}', ['path']],
    ['https://example.com/search{?q,lang}', ['q', 'lang']],
    ['{#section}', ['section']],
    ['/users{/id*}{;params*}', ['id', 'params']],
    ['{var:3}', ['var']],
    ['{a.b,%20x}', ['a.b', '%20x']],
    ['mcp://static/no-variables', []],
  ])('accepts %s', (template, variables) => {
    expect(parseUriTemplate(template)).toEqual({ ok: true, variables });
  });

  test.each([
    ['ref://items/{id', /unclosed/],
    ['ref://items/{}', /empty expression/],
    ['ref://items/{=id}', /reserved/],
    ['ref://items/{id:0}', /bad variable/],
    ['ref://items/{a-b}', /bad variable/],
    ['ref://items/{a{b}}', /nested/],
    ['ref://it ems/{id}', /not allowed/],
    ['ref://items/%zz', /not allowed/],
    ['ref://items/{i\nd}', /bad variable/],
    ['ref://items/{id\n:3}', /bad variable/],
  ])('rejects %j', (template, error) => {
    const parsed = parseUriTemplate(template);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.error).toMatch(error);
  });
});

describe('content encodings', () => {
  test('strict base64: padded RFC 4648 only', () => {
    for (const good of ['', 'AA==', 'AAA=', 'AAAA', Buffer.from('any bytes \u00ff').toString('base64')])
      expect(isStrictBase64(good), good).toBe(true);
    for (const bad of ['A', 'AA', 'AA=', 'A===', 'AA AA', 'ab-_', 'AA==\n', '@@@@', 42])
      expect(isStrictBase64(bad), String(bad)).toBe(false);
  });

  test('MIME types are type/subtype with optional parameters', () => {
    for (const good of [
      'image/png',
      'text/plain; charset=utf-8',
      'application/vnd.api+json',
      'audio/wav',
      'text/x-rust',
    ])
      expect(isMimeType(good), good).toBe(true);
    for (const bad of ['png', 'image/', '/png', 'image png', 'text/plain;', '', undefined])
      expect(isMimeType(bad), String(bad)).toBe(false);
  });
});

describe('one answer per question in both revisions', () => {
  test('templates: the 2025-11-25 checks use the same parser (a literal space is no URI template)', () => {
    expect(uriTemplateProblem('ref://items/{id}')).toBeUndefined();
    expect(uriTemplateProblem('ref://it ems/{id}')).toMatch(/not allowed/);
    expect(templateVariables('https://example.com/{+path}{?q,lang}')).toEqual(['path', 'q', 'lang']);
    expect(templateVariables('ref://items/{id')).toEqual([]);
  });

  test('2025-11-25 content: strict base64 (no line breaks) and MIME types with parameters', () => {
    const image = (data: string, mimeType = 'image/png') => ({ type: 'image', data, mimeType });
    expect(badBase64([image('AAAA'), image('AAAA', 'text/plain; charset=utf-8')])).toEqual([]);
    expect(
      badBase64([image('AA==\n'), image('AAAA', 'png'), { type: 'resource', resource: { uri: 'x:y', blob: 'AA' } }]),
    ).toHaveLength(3);
  });

  const tool = (annotations: object, inputSchema: object = { type: 'object' }) => ({
    name: 't',
    annotations,
    inputSchema,
  });
  const headered = { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'bad header name' } } };

  test('tool-call policy: safe calls read-only tools, all calls every tool, none calls nothing, in either revision', () => {
    for (const revision of ['2025-11-25', '2026-07-28'] as const) {
      const at = (toolCallPolicy?: 'safe' | 'all' | 'none') => ({
        revision,
        transport: 'stdio' as const,
        toolCallPolicy,
      });
      expect(mayCall(at(), tool({ readOnlyHint: true }))).toBe(true);
      expect(whyNotCallable(at('safe'), tool({}))).toBe('not annotated readOnlyHint: true');
      expect(mayCall(at('all'), tool({}))).toBe(true);
      expect(whyNotCallable(at('none'), tool({ readOnlyHint: true }))).toBe(
        'tool calls are disabled (--tool-calls none)',
      );
      expect(policyReason(at('none'))).toBe('tool calls are disabled (--tool-calls none)');
    }
  });

  test('tool-call policy: an invalid x-mcp-header excludes a tool only for 2026-07-28 over HTTP', () => {
    expect(
      whyNotCallable({ revision: '2026-07-28', transport: 'http', toolCallPolicy: 'all' }, tool({}, headered)),
    ).toMatch(/x-mcp-header/);
    expect(mayCall({ revision: '2026-07-28', transport: 'stdio', toolCallPolicy: 'all' }, tool({}, headered))).toBe(
      true,
    );
    expect(mayCall({ revision: '2025-11-25', transport: 'http', toolCallPolicy: 'all' }, tool({}, headered))).toBe(
      true,
    );
  });

  test("the cheap request: a declared list first, else the revision's always-answered request", () => {
    const profile = (capabilities: object) => ({ capabilities }) as unknown as ServerProfile;
    expect(cheapRequest(profile({ prompts: {} }), '2025-11-25')).toBe('prompts/list');
    expect(cheapRequest(profile({}), '2025-11-25')).toBe('ping');
    expect(cheapRequest(profile({}), '2026-07-28')).toBe('server/discover');
  });
});
