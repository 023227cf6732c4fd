import { expect, test } from 'vitest';
import {
  decodeHeaderValue,
  encodeHeaderValue,
  headerParams,
  paramHeaders,
  standardHeaders,
} from '../../../harness/lifecycles/http-headers.js';

test('encodes values the spec says need the Base64 sentinel, and only those', () => {
  expect(encodeHeaderValue('us-west1')).toBe('us-west1');
  expect(encodeHeaderValue('Hello, 世界')).toBe('=?base64?SGVsbG8sIOS4lueVjA==?=');
  expect(encodeHeaderValue(' padded ')).toBe('=?base64?IHBhZGRlZCA=?=');
  expect(encodeHeaderValue('line1\nline2')).toBe('=?base64?bGluZTEKbGluZTI=?=');
  expect(encodeHeaderValue('=?base64?literal?=')).toBe('=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=');
  expect(decodeHeaderValue('=?base64?SGVsbG8sIOS4lueVjA==?=')).toBe('Hello, 世界');
});

test('standard headers mirror the body', () => {
  const body = {
    jsonrpc: '2.0',
    id: 1,
    method: 'resources/read',
    params: { uri: 'file:///x', _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
  };
  expect(standardHeaders(body, 'x')).toEqual({
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'resources/read',
    'mcp-name': 'file:///x',
  });
});

test('x-mcp-header is read only through properties chains', () => {
  const schema = {
    type: 'object',
    properties: {
      region: { type: 'string', 'x-mcp-header': 'Region' },
      nested: { type: 'object', properties: { flag: { type: 'boolean', 'x-mcp-header': 'Flag' } } },
      list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'Nope' } },
    },
  };
  expect(headerParams(schema).map((p) => p.name)).toEqual(['Region', 'Flag']);
  expect(paramHeaders(schema, { region: 'eu', nested: { flag: false } })).toEqual({
    'mcp-param-region': 'eu',
    'mcp-param-flag': 'false',
  });
  expect(paramHeaders(schema, { region: null })).toEqual({});
});
