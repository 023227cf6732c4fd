// One rule for where the spec contradicts itself (an error's id null, or echoed as the client
// sent it): the wire schema check and the parse-error check warn the same way, on the answers
// the official SDK v2 server gave over HTTP, and a real break in the same message still fails.
import { describe, expect, test } from 'vitest';
import type { JsonObject } from '../../harness/model.js';
import { WireRecorder, type WireInput } from '../../harness/recorder/wire-log.js';
import {
  ECHOED_RESULT_ID_CONTRADICTION,
  NULL_ID_CONTRADICTION,
  splitSchemaIssues,
} from '../../harness/schema/contradictions.js';
import { createWireValidator } from '../../harness/schema/index.js';
import type { Exchange } from '../../harness/transports/types.js';
import { judgeParseError } from '../../suites/shared/rpc-errors.js';
import { schemaCheck } from '../../suites/shared/wire-checks.js';
import recorded from './recorded/sdk-v2-http-error-ids.json' with { type: 'json' };
import { endingOf } from './check-verdict.js';

type Recorded = Pick<WireInput, 'connection' | 'direction' | 'kind' | 'message' | 'text'>;

/** The recorded traffic, each server message validated as the harness does when it arrives. */
function wireOf(
  entries: Recorded[],
  revision: '2025-11-25' | '2026-07-28',
  change: (message: JsonObject) => JsonObject = (m) => m,
): WireRecorder {
  const validator = createWireValidator(revision);
  const wire = new WireRecorder();
  for (const entry of entries) {
    if (entry.direction !== 'server->client' || entry.kind !== 'message') {
      wire.record(entry);
      continue;
    }
    const message = change(entry.message as JsonObject);
    const outcome = validator.validateServerMessage(message);
    const schema = outcome.valid
      ? undefined
      : { def: outcome.def, issues: outcome.issues.map((issue) => `${issue.path || '/'} ${issue.message}`) };
    wire.record({ ...entry, message, schema });
  }
  return wire;
}

const check = schemaCheck('basic#messages', []);

describe("wire/schema on the SDK v2 server's HTTP error bodies", () => {
  test('"id": null, and the invalid id 1.5 echoed as sent, are the spec contradicting itself: a warning, not a failure', async () => {
    const wire = wireOf(recorded.invalidRequest2025 as Recorded[], '2025-11-25');
    expect(wire.entries.filter((entry) => entry.schema).length).toBe(4); // the schema does flag each
    const ending = await endingOf(check, { wire });
    expect(ending.verdict).toBe('warn');
    expect(ending.reason).toContain('4 server error(s) where the spec contradicts itself');
  });

  test('an echoed id the client never sent is a real break', () => {
    const message = { jsonrpc: '2.0', id: 1.5, error: { code: -32600, message: 'x' } };
    expect(splitSchemaIssues(message, ['/id must be string,integer'], () => false).breaks).toEqual([
      '/id must be string,integer',
    ]);
    expect(splitSchemaIssues(message, ['/id must be string,integer'], () => true).breaks).toEqual([]);
  });

  test('a result that echoes a fractional id the client sent is the spec contradicting itself; one never sent is a real break', () => {
    // mcp-go serves tools/list with "id": 0.5 and answers with that id: JSON-RPC 2.0 asks for the echo, the MCP schema has no such id.
    const message = { jsonrpc: '2.0', id: 0.5, result: { tools: [] } };
    expect(splitSchemaIssues(message, ['/id must be string,integer'], () => true)).toEqual({
      contradiction: ECHOED_RESULT_ID_CONTRADICTION,
      breaks: [],
    });
    expect(splitSchemaIssues(message, ['/id must be string,integer'], () => false).breaks).toEqual([
      '/id must be string,integer',
    ]);
    expect(splitSchemaIssues({ ...message, id: { a: 1 } }, ['/id must be string,integer'], () => true).breaks).toEqual([
      '/id must be string,integer',
    ]);
  });

  test('a real schema break in the same message still fails, reported on its own', async () => {
    const broken = (message: JsonObject): JsonObject =>
      message.id === null ? { ...message, error: { ...(message.error as JsonObject), code: 'bad' } } : message;
    const ending = await endingOf(check, {
      wire: wireOf(recorded.invalidRequest2025 as Recorded[], '2025-11-25', broken),
    });
    expect(ending.verdict).toBe('fail');
    const listed = ending.actual as Array<{ issues: string[] }>;
    expect(listed).toHaveLength(3);
    for (const finding of listed) expect(finding.issues.every((issue) => issue.startsWith('/error/code'))).toBe(true);
  });
});

describe('errors/parse-error on the same server', () => {
  test('its -32700 with "id": null gets the same warning, for the same reason', () => {
    const answer = (recorded.parseError2026 as Recorded[]).find((entry) => entry.kind === 'message')!
      .message as JsonObject;
    const exchange: Exchange = {
      connection: 'http#1',
      response: answer,
      notifications: [],
      messages: [answer],
      timedOut: false,
      durationMs: 1,
      http: { status: 400, headers: {} } as Exchange['http'],
    };
    let warned: string | undefined;
    expect(() =>
      judgeParseError(
        {
          warn: (reason: string) => {
            warned = reason;
            throw new Error('warned');
          },
        },
        exchange,
      ),
    ).toThrow('warned');
    expect(warned).toBe(NULL_ID_CONTRADICTION);
  });
});

describe('the same id-null parse error is warned once', () => {
  const tagged = (checks: string[]) => (recorded.parseError2026 as Recorded[]).map((entry) => ({ ...entry, checks }));

  test('wire/schema leaves the id null of the answer to errors/parse-error, which warns it', async () => {
    const wire = wireOf(tagged(['2026-07-28/errors/parse-error']) as Recorded[], '2026-07-28');
    expect(wire.entries.filter((entry) => entry.schema).length).toBe(1); // the schema does flag it
    expect((await endingOf(check, { wire })).verdict).toBe('pass');
  });

  test('the same answer to bytes another check sent is still warned by wire/schema', async () => {
    const wire = wireOf(tagged(['2026-07-28/stdio/survives-garbage-line']) as Recorded[], '2026-07-28');
    expect((await endingOf(check, { wire })).verdict).toBe('warn');
  });
});

describe('a result served for a malformed request is judged once, by errors/invalid-request', () => {
  // mcp-go serves a tools/list whose id is an object and echoes the object: invalid-request fails or warns the serving.
  const served: Recorded[] = [
    {
      connection: 'stdio#7',
      direction: 'client->server',
      kind: 'raw',
      text: '{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}',
    },
    {
      connection: 'stdio#7',
      direction: 'server->client',
      kind: 'message',
      message: { jsonrpc: '2.0', id: { a: 1 }, result: { tools: [] } },
    },
  ];
  const tagged = (checks: string[]) => served.map((entry) => ({ ...entry, checks }));

  test('wire/schema leaves the echoed object id to the check that sent it', async () => {
    const wire = wireOf(tagged(['2025-11-25/errors/invalid-request']) as Recorded[], '2025-11-25');
    expect(wire.entries.filter((entry) => entry.schema).length).toBe(1); // the schema does flag it
    expect((await endingOf(check, { wire })).verdict).toBe('pass');
  });

  test('the same result on another check is a real break', async () => {
    const wire = wireOf(tagged(['2025-11-25/tools/list']) as Recorded[], '2025-11-25');
    expect((await endingOf(check, { wire })).verdict).toBe('fail');
  });
});
