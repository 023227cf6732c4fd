// Hand-written 2026-07-28 messages: routing tests (no reference data needed) and limits the
// official examples do not reach (e.g. completion values maxItems 100).
import type { Sample } from './messages-2025-11-25.js';

const serverInfo = { 'io.modelcontextprotocol/serverInfo': { name: 'example-server', version: '1.0.0' } };
export const tool = {
  name: 'echo',
  description: 'Echo',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
};

export const discoverResponse = {
  jsonrpc: '2.0',
  id: 1,
  result: {
    resultType: 'complete',
    supportedVersions: ['2026-07-28'],
    capabilities: { tools: { listChanged: true } },
    ttlMs: 60000,
    cacheScope: 'public',
    _meta: serverInfo,
  },
};
export const listToolsResponse = {
  jsonrpc: '2.0',
  id: 2,
  result: {
    resultType: 'complete',
    tools: [tool, { ...tool, name: 'reverse' }],
    ttlMs: 0,
    cacheScope: 'private',
    nextCursor: 'c2',
  },
};
export const inputRequiredResponse = {
  jsonrpc: '2.0',
  id: 3,
  result: {
    resultType: 'input_required',
    inputRequests: {
      ask: {
        method: 'elicitation/create',
        params: { message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } },
      },
    },
    requestState: 'opaque',
  },
};
export const unsupportedVersionError = {
  jsonrpc: '2.0',
  id: 4,
  error: {
    code: -32022,
    message: 'Unsupported protocol version',
    data: { supported: ['2026-07-28'], requested: '1900-01-01' },
  },
};

export const SAMPLES_2026_07_28: Sample[] = [
  { def: 'DiscoverResultResponse', label: 'discover response', value: discoverResponse },
  { def: 'ListToolsResultResponse', label: 'tools/list response', value: listToolsResponse },
  { def: 'CallToolResultResponse', label: 'input required', value: inputRequiredResponse },
  { def: 'UnsupportedProtocolVersionError', label: 'unsupported version', value: unsupportedVersionError },
  {
    def: 'CompleteResult',
    label: '101 completion values',
    value: { resultType: 'complete', completion: { values: Array.from({ length: 101 }, (_, i) => `v${i}`) } },
  },
  {
    def: 'ServerCapabilities',
    label: 'capabilities with JSON values',
    value: { experimental: { 'x.example': { list: [1, 'a', true, { deep: 2 }], ratio: 0.5, none: null } } },
  },
];
