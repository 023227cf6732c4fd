// validateServerMessage picks the most specific definition; method tables come from the unions.
// Uses only hand-written messages, so it runs without the official reference data.
import { describe, expect, it } from 'vitest';
import {
  clientRequestMethods,
  createWireValidator,
  resultDefFor,
  serverNotificationMethods,
} from '../../../harness/schema/index.js';
import {
  discoverResponse,
  inputRequiredResponse,
  listToolsResponse,
  unsupportedVersionError,
} from './messages-2026-07-28.js';

const v26 = createWireValidator('2026-07-28');
const v25 = createWireValidator('2025-11-25');

describe('method tables', () => {
  it('maps client methods to result definitions', () => {
    expect(resultDefFor('2026-07-28', 'server/discover')).toBe('DiscoverResult');
    expect(resultDefFor('2026-07-28', 'tools/call')).toBe('CallToolResult');
    expect(resultDefFor('2026-07-28', 'initialize')).toBeUndefined();
    expect(resultDefFor('2025-11-25', 'initialize')).toBe('InitializeResult');
    expect(resultDefFor('2025-11-25', 'ping')).toBe('EmptyResult');
    expect(resultDefFor('2025-11-25', 'logging/setLevel')).toBe('EmptyResult');
    expect(resultDefFor('2025-11-25', 'tasks/get')).toBe('GetTaskResult');
    expect(resultDefFor('2025-11-25', 'server/discover')).toBeUndefined();
  });

  it('lists client request and server notification methods', () => {
    expect(clientRequestMethods('2026-07-28').sort()).toEqual(
      [
        'completion/complete',
        'prompts/get',
        'prompts/list',
        'resources/list',
        'resources/read',
        'resources/templates/list',
        'server/discover',
        'subscriptions/listen',
        'tools/call',
        'tools/list',
      ].sort(),
    );
    expect(clientRequestMethods('2025-11-25')).toHaveLength(17);
    expect(clientRequestMethods('2025-11-25')).toContain('initialize');
    expect(serverNotificationMethods('2026-07-28')).toContain('notifications/subscriptions/acknowledged');
    expect(serverNotificationMethods('2026-07-28')).toHaveLength(8);
    expect(serverNotificationMethods('2025-11-25')).toContain('notifications/tasks/status');
    expect(serverNotificationMethods('2025-11-25')).toHaveLength(9);
  });
});

describe('WireValidator', () => {
  it('is cached per revision and source', () => {
    expect(createWireValidator('2026-07-28')).toBe(v26);
    expect(createWireValidator('2026-07-28', { kind: 'builtin' })).toBe(v26);
    expect(v25).not.toBe(v26);
    expect(v26.revision).toBe('2026-07-28');
  });

  it('validates named definitions and throws on unknown ones', () => {
    expect(v26.hasDef('DiscoverResult')).toBe(true);
    expect(v26.hasDef('InitializeResult')).toBe(false);
    expect(v25.hasDef('InitializeResult')).toBe(true);
    expect(() => v26.validate('InitializeResult', {})).toThrow(/InitializeResult/);
    const outcome = v26.validate('Tool', { name: 'x', inputSchema: { type: 'array' } });
    expect(outcome).toMatchObject({ def: 'Tool', valid: false });
    expect(outcome.issues).toContainEqual({
      path: '/inputSchema/type',
      message: 'must be equal to constant ("object")',
    });
  });

  it('caps issues at 20', () => {
    const bad = {
      resultType: 'complete',
      tools: Array.from({ length: 50 }, () => ({})),
      ttlMs: 0,
      cacheScope: 'public',
    };
    expect(v26.validate('ListToolsResult', bad).issues.length).toBeLessThanOrEqual(20);
  });
});

describe('validateServerMessage routing, 2026-07-28', () => {
  it('uses the method response definition', () => {
    expect(v26.validateServerMessage(discoverResponse, 'server/discover')).toEqual({
      def: 'DiscoverResultResponse',
      valid: true,
      issues: [],
    });
    expect(v26.validateServerMessage(listToolsResponse, 'tools/list')).toMatchObject({
      def: 'ListToolsResultResponse',
      valid: true,
    });
    expect(v26.validateServerMessage(inputRequiredResponse, 'tools/call')).toMatchObject({
      def: 'CallToolResultResponse+InputRequiredResult',
      valid: true,
    });
  });

  it('holds a complete tools/call result to CallToolResult, not to the permissive union', () => {
    const noContent = { jsonrpc: '2.0', id: 9, result: { resultType: 'complete', structuredContent: { ok: true } } };
    // The official response union accepts this (InputRequiredResult needs only resultType) ...
    expect(v26.validate('CallToolResultResponse', noContent).valid).toBe(true);
    // ... but a complete result without content is not a CallToolResult.
    const outcome = v26.validateServerMessage(noContent, 'tools/call');
    expect(outcome).toMatchObject({ def: 'CallToolResultResponse+CallToolResult', valid: false });
    expect(outcome.issues.some((issue) => issue.path === '/result' && issue.message.includes("'content'"))).toBe(true);
  });

  it('rejects a result that does not fit the answered method', () => {
    const outcome = v26.validateServerMessage(inputRequiredResponse, 'tools/list');
    expect(outcome).toMatchObject({ def: 'ListToolsResultResponse', valid: false });
    expect(outcome.issues.some((i) => i.path === '/result' && i.message.includes("'tools'"))).toBe(true);
    const noCache = structuredClone(discoverResponse) as { result: Record<string, unknown> };
    delete noCache.result.ttlMs;
    expect(v26.validateServerMessage(noCache, 'server/discover').issues).toContainEqual({
      path: '/result',
      message: "must have required property 'ttlMs'",
    });
  });

  it('falls back to the envelope for unknown or absent methods', () => {
    expect(v26.validateServerMessage(discoverResponse)).toMatchObject({ def: 'JSONRPCResultResponse', valid: true });
    expect(v26.validateServerMessage(discoverResponse, 'x/unknown')).toMatchObject({
      def: 'JSONRPCResultResponse',
      valid: true,
    });
    const noResultType = { jsonrpc: '2.0', id: 1, result: {} };
    expect(v26.validateServerMessage(noResultType)).toMatchObject({ def: 'JSONRPCResultResponse', valid: false });
  });

  it('checks MCP error codes against their whole-envelope definitions', () => {
    expect(v26.validateServerMessage(unsupportedVersionError, 'tools/list')).toEqual({
      def: 'JSONRPCErrorResponse+UnsupportedProtocolVersionError',
      valid: true,
      issues: [],
    });
    const noData = { ...unsupportedVersionError, error: { code: -32022, message: 'Unsupported' } };
    const outcome = v26.validateServerMessage(noData);
    expect(outcome).toMatchObject({ def: 'JSONRPCErrorResponse+UnsupportedProtocolVersionError', valid: false });
    expect(outcome.issues).toContainEqual({ path: '/error', message: "must have required property 'data'" });
    expect(v26.validateServerMessage({ jsonrpc: '2.0', id: 1, error: { code: -32020, message: 'm' } }).def).toBe(
      'JSONRPCErrorResponse+HeaderMismatchError',
    );
    expect(v26.validateServerMessage({ jsonrpc: '2.0', id: 1, error: { code: -32021, message: 'm' } })).toMatchObject({
      def: 'JSONRPCErrorResponse+MissingRequiredClientCapabilityError',
      valid: false,
    });
    expect(v26.validateServerMessage({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'nope' } })).toEqual({
      def: 'JSONRPCErrorResponse',
      valid: true,
      issues: [],
    });
    expect(v26.validateServerMessage({ jsonrpc: '2.0', error: { code: 'x', message: 'nope' } })).toMatchObject({
      valid: false,
    });
  });

  it('routes notifications by method', () => {
    const progress = { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 0.5 } };
    expect(v26.validateServerMessage(progress)).toMatchObject({ def: 'ProgressNotification', valid: true });
    expect(v26.validateServerMessage({ ...progress, params: { progress: 1 } })).toMatchObject({
      def: 'ProgressNotification',
      valid: false,
    });
    const cancelled = { jsonrpc: '2.0', method: 'notifications/cancelled', params: {} };
    expect(v26.validateServerMessage(cancelled)).toMatchObject({ def: 'CancelledNotification', valid: false });
    expect(v26.validateServerMessage({ jsonrpc: '2.0', method: 'x/custom' })).toMatchObject({
      def: 'JSONRPCNotification',
      valid: true,
    });
  });

  it('has no server requests: a request is only checked as a JSON-RPC request', () => {
    expect(v26.validateServerMessage({ jsonrpc: '2.0', id: 9, method: 'ping' })).toMatchObject({
      def: 'JSONRPCRequest',
      valid: true,
    });
  });

  it('rejects things that are no JSON-RPC message', () => {
    for (const junk of [
      null,
      42,
      'x',
      [],
      {},
      { jsonrpc: '2.0', id: 1 },
      { jsonrpc: '1.0', method: 'a' },
      { method: 7 },
    ]) {
      expect(v26.validateServerMessage(junk).valid, JSON.stringify(junk)).toBe(false);
    }
  });
});

describe('validateServerMessage routing, 2025-11-25', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 0,
    result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } },
  };

  it('validates envelope and result for methods without a response definition', () => {
    expect(v25.validateServerMessage(initialize, 'initialize')).toEqual({
      def: 'JSONRPCResultResponse+InitializeResult',
      valid: true,
      issues: [],
    });
    const broken = { ...initialize, result: { protocolVersion: '2025-11-25', capabilities: {} } };
    expect(v25.validateServerMessage(broken, 'initialize')).toEqual({
      def: 'JSONRPCResultResponse+InitializeResult',
      valid: false,
      issues: [{ path: '/result', message: "must have required property 'serverInfo'" }],
    });
    expect(v25.validateServerMessage({ jsonrpc: '2.0', id: 5, result: {} }, 'ping')).toMatchObject({
      def: 'JSONRPCResultResponse+EmptyResult',
      valid: true,
    });
    expect(v25.validateServerMessage({ jsonrpc: '2.0', id: 5, result: { tools: 1 } }, 'tools/list')).toMatchObject({
      def: 'JSONRPCResultResponse+ListToolsResult',
      valid: false,
    });
  });

  it('accepts CreateTaskResult for a task-augmented tools/call', () => {
    const task = { taskId: 't', status: 'working', createdAt: 'now', lastUpdatedAt: 'now', ttl: null };
    expect(v25.validateServerMessage({ jsonrpc: '2.0', id: 6, result: { task } }, 'tools/call')).toMatchObject({
      def: 'JSONRPCResultResponse+CreateTaskResult',
      valid: true,
    });
    expect(v25.validateServerMessage({ jsonrpc: '2.0', id: 6, result: { content: [] } }, 'tools/call')).toMatchObject({
      def: 'JSONRPCResultResponse+CallToolResult',
      valid: true,
    });
  });

  it('routes server-to-client requests to their definitions', () => {
    expect(v25.validateServerMessage({ jsonrpc: '2.0', id: 's1', method: 'ping' })).toMatchObject({
      def: 'PingRequest',
      valid: true,
    });
    expect(v25.validateServerMessage({ jsonrpc: '2.0', id: 's2', method: 'roots/list' })).toMatchObject({
      def: 'ListRootsRequest',
      valid: true,
    });
    expect(
      v25.validateServerMessage({
        jsonrpc: '2.0',
        id: 's3',
        method: 'sampling/createMessage',
        params: { messages: [] },
      }),
    ).toMatchObject({ def: 'CreateMessageRequest', valid: false });
    expect(
      v25.validateServerMessage({
        jsonrpc: '2.0',
        id: 's4',
        method: 'elicitation/create',
        params: { mode: 'url', message: 'm', elicitationId: 'e', url: 'https://example.com' },
      }),
    ).toMatchObject({ def: 'ElicitRequest', valid: true });
    expect(v25.validateServerMessage({ jsonrpc: '2.0', id: 's5', method: 'x/other' })).toMatchObject({
      def: 'JSONRPCRequest',
    });
  });

  it('routes notifications and the -32042 error', () => {
    expect(
      v25.validateServerMessage({
        jsonrpc: '2.0',
        method: 'notifications/elicitation/complete',
        params: { elicitationId: 'e' },
      }),
    ).toMatchObject({
      def: 'ElicitationCompleteNotification',
      valid: true,
    });
    expect(v25.validateServerMessage({ jsonrpc: '2.0', method: 'notifications/cancelled', params: {} })).toMatchObject({
      def: 'CancelledNotification',
      valid: true,
    });
    expect(v25.validateServerMessage({ jsonrpc: '2.0', id: 1, error: { code: -32042, message: 'm' } })).toMatchObject({
      def: 'JSONRPCErrorResponse+URLElicitationRequiredError',
      valid: false,
    });
    // -32022 has no dedicated definition in 2025-11-25.
    expect(v25.validateServerMessage({ jsonrpc: '2.0', id: 1, error: { code: -32022, message: 'm' } })).toMatchObject({
      def: 'JSONRPCErrorResponse',
      valid: true,
    });
  });
});

describe('a response with both result and error', () => {
  // The schema's union takes it as either branch; RPC-004 (2026-07-28) and RPC-003 (2025-11-25) forbid it.
  const both = { jsonrpc: '2.0', id: 1, result: {}, error: { code: -32603, message: 'm' } };
  it.each([
    ['2026-07-28', v26],
    ['2025-11-25', v25],
  ] as const)('is invalid in %s, whatever method it answers', (_revision, validator) => {
    for (const method of [undefined, 'ping', 'tools/list']) {
      const outcome = validator.validateServerMessage(both, method);
      expect(outcome.valid).toBe(false);
      expect(outcome.issues.map((issue) => issue.message)).toContain(
        'has both result and error: a response carries exactly one of them',
      );
    }
    expect(validator.validateServerMessage({ jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } }).valid).toBe(
      true,
    );
  });
});
