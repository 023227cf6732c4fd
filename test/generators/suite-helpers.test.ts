// The small parsers the 2026-07-28 feature checks lean on: RFC 6570 templates, strict base64,
// MIME types. (They sit in suites/; their tests live with the other schema-input tests.)
import { describe, expect, test } from 'vitest';
import { isMimeType, isStrictBase64 } from '../../suites/2026-07-28/content.js';
import { parseUriTemplate } from '../../suites/2026-07-28/uri-template.js';

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
  ])('rejects %s', (template, error) => {
    const parsed = parseUriTemplate(template);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.error).toMatch(error);
  });
});

describe('content encodings', () => {
  test('strict base64: padded RFC 4648 only', () => {
    for (const good of ['', 'AA==', 'AAA=', 'AAAA', Buffer.from('any bytes \u00ff').toString('base64')]) expect(isStrictBase64(good), good).toBe(true);
    for (const bad of ['A', 'AA', 'AA=', 'A===', 'AA AA', 'ab-_', 'AA==\n', '@@@@', 42]) expect(isStrictBase64(bad), String(bad)).toBe(false);
  });

  test('MIME types are type/subtype with optional parameters', () => {
    for (const good of ['image/png', 'text/plain; charset=utf-8', 'application/vnd.api+json', 'audio/wav', 'text/x-rust']) expect(isMimeType(good), good).toBe(true);
    for (const bad of ['png', 'image/', '/png', 'image png', 'text/plain;', '', undefined]) expect(isMimeType(bad), String(bad)).toBe(false);
  });
});
