// What the 2026-07-28 `_meta` property lets a server answer when two things are wrong at once.
import { describe, expect, test } from 'vitest';
import type { RequestMeta } from '../../../generators/meta/request-meta.js';
import { dialectFor } from '../../../harness/fuzz/dialect.js';
import type { FuzzEnv } from '../../../harness/fuzz/property.js';
import type { ServerProfile } from '../../../harness/lifecycles/profile.js';
import { allowedForMeta } from '../../../suites/2026-07-28/fuzz/meta.js';

const profile: ServerProfile = {
  revision: '2026-07-28',
  capabilities: { tools: {} },
  supportedVersions: ['2026-07-28', '2025-11-25'],
  tools: [],
  resources: [],
  resourceTemplates: [],
  prompts: [],
  problems: [],
};
const env: FuzzEnv = {
  revision: '2026-07-28',
  transport: 'http',
  profile,
  toolCalls: 'safe',
  dialect: dialectFor('2026-07-28', 'http', profile),
};

describe('a request with an unsupported version and a missing clientCapabilities', () => {
  // mcp-go over HTTP answers {"protocolVersion": "2026-07-29", no clientCapabilities} with -32022: it checks the version first.
  test('may be refused for either: -32602 (malformed) or -32022 (unsupported version), the spec orders no checks', () => {
    const meta: RequestMeta = {
      container: { kind: 'object' },
      protocolVersion: { set: true, value: '2026-07-29' },
      clientCapabilities: { set: false },
      clientInfo: { set: true, value: [] },
      logLevel: { set: false },
      extras: {},
    } as unknown as RequestMeta;
    const codes = allowedForMeta(meta, env).flatMap((allowed) => ('codes' in allowed ? (allowed.codes ?? []) : []));
    expect(codes).toEqual(expect.arrayContaining([-32602, -32022]));
  });

  test("with the version it serves, only the malformed request's -32602 (and the header mismatch code on HTTP) is allowed", () => {
    const meta = {
      container: { kind: 'object' },
      protocolVersion: { set: true, value: '2026-07-28' },
      clientCapabilities: { set: false },
      clientInfo: { set: false },
      logLevel: { set: false },
      extras: {},
    } as unknown as RequestMeta;
    const codes = allowedForMeta(meta, env).flatMap((allowed) => ('codes' in allowed ? (allowed.codes ?? []) : []));
    expect(codes).not.toContain(-32022);
    expect(codes).toContain(-32602);
  });
});

describe('a legacy-looking request (no protocol version) to a dual-era server over HTTP', () => {
  // fastmcp answers it as 2025-11-25 traffic: HTTP 400 with -32600 "Bad Request: Missing session ID" and no id.
  test('may be refused with an error without an id, as a 2025-11-25 server refuses a request without a session', () => {
    const meta = {
      container: { kind: 'object' },
      protocolVersion: { set: false },
      clientCapabilities: { set: true, value: {} },
      clientInfo: { set: false },
      logLevel: { set: false },
      extras: {},
    } as unknown as RequestMeta;
    expect(allowedForMeta(meta, env)).toContainEqual({ answer: 'idless-error' });
  });
});

describe('a malformed request naming an earlier revision to a dual-era server over HTTP', () => {
  // fastmcp routes MCP-Protocol-Version: 2024-11-05 to its 2025-era handling: HTTP 400, -32600 "Missing session ID", no id.
  test('may be refused as legacy traffic, with an error without an id', () => {
    const meta = {
      container: { kind: 'object' },
      protocolVersion: { set: true, value: '2024-11-05' },
      clientCapabilities: { set: false },
      clientInfo: { set: false },
      logLevel: { set: false },
      extras: {},
    } as unknown as RequestMeta;
    expect(allowedForMeta(meta, env)).toContainEqual({ answer: 'idless-error' });
  });
});

describe('a well-formed request naming an earlier revision the server does not serve, over HTTP', () => {
  // fastmcp answers MCP-Protocol-Version: 2024-11-05 with its legacy handling's 400 -32600 "Missing session ID".
  test("may get -32022, or the legacy handling's refusal from a dual-era server", () => {
    const meta = {
      container: { kind: 'object' },
      protocolVersion: { set: true, value: '2024-11-05' },
      clientCapabilities: { set: true, value: {} },
      clientInfo: { set: false },
      logLevel: { set: false },
      extras: {},
    } as unknown as RequestMeta;
    const allowed = allowedForMeta(meta, env);
    expect(allowed).toContainEqual({ answer: 'idless-error' });
    expect(allowed.some((a) => a.answer === 'error' && 'codes' in a && a.codes?.includes(-32022))).toBe(true);
    expect(allowed.some((a) => a.answer === 'result')).toBe(false);
  });
});
