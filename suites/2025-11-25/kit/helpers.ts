// Small helpers the 2025-11-25 checks share: which tools may be called, what the server sent on
// one connection, raw sends and GET streams, and a routine that exercises everything a server offers.
import type { CheckContext } from '../../../harness/checks/check.js';
import { offers } from '../../../harness/lifecycles/profile.js';
import { capDurations, sampleArguments, samplePromptArguments } from '../../../harness/lifecycles/sample-requests.js';
import { PROTOCOL_VERSION_KEY } from '../../../harness/lifecycles/meta.js';
import type { SessionClient } from '../../../harness/lifecycles/session-client.js';
import { isObject, isRequest, isResponse, type JsonObject } from '../../../harness/model.js';
import type { WireEntry } from '../../../harness/recorder/wire-log.js';
import type { Exchange } from '../../../harness/lifecycles/exchange.js';
import { answerRequired, fenceBeforeIdlessAnswer, type ProvingContext } from '../../shared/barrier.js';
import { mayCall } from '../../shared/tool-policy.js';

export type Ctx = CheckContext<SessionClient>;

/** How many tools, prompts and resources one exercise touches at most. */
const EXERCISE_LIMIT = 8;

// The tool-call policy is one helper for both revisions.
export { mayCall, policyReason } from '../../shared/tool-policy.js';

/** Tools a check may call plainly: allowed by the policy, and not requiring task augmentation. */
export function callableTools(ctx: Ctx): JsonObject[] {
  return ctx.profile.tools.filter((tool) => mayCall(ctx, tool) && taskSupportOf(tool) !== 'required');
}

export function taskSupportOf(tool: JsonObject): string {
  const execution = isObject(tool.execution) ? tool.execution : {};
  return typeof execution.taskSupport === 'string' ? execution.taskSupport : 'forbidden';
}

export function callParams(tool: JsonObject): JsonObject {
  return { name: tool.name, arguments: capDurations(tool.inputSchema, sampleArguments(tool.inputSchema)) };
}

/** Connections a check opened in the 2026-07-28 lifecycle (their requests carry the protocol version in _meta). */
function modernConnections(ctx: Ctx): Set<string> {
  const modern = new Set<string>();
  for (const entry of ctx.wire.entries) {
    const params =
      entry.direction === 'client->server' && isObject(entry.message) && isObject(entry.message.params)
        ? entry.message.params
        : undefined;
    if (params && isObject(params._meta) && PROTOCOL_VERSION_KEY in params._meta) modern.add(entry.connection);
  }
  return modern;
}

/** The run's wire log without the traffic of 2026-07-28 connections (post checks judge 2025-11-25 sessions only). */
export function sessionEntries(ctx: Ctx): WireEntry[] {
  const modern = modernConnections(ctx);
  return ctx.wire.entries.filter((entry) => !modern.has(entry.connection));
}

/** Where the wire log is now: entries after this index are what happens next. */
export function wireMark(ctx: Ctx): number {
  return ctx.wire.entries.length;
}

/** Entries of one connection recorded since a mark. */
export function entriesSince(ctx: Ctx, connection: string, mark: number): WireEntry[] {
  return ctx.wire.entries.slice(mark).filter((entry) => entry.connection === connection);
}

/** Server-to-client messages of one connection since a mark. */
export function serverMessagesSince(ctx: Ctx, connection: string, mark: number): JsonObject[] {
  return entriesSince(ctx, connection, mark)
    .filter((entry) => entry.direction === 'server->client' && entry.kind === 'message' && isObject(entry.message))
    .map((entry) => entry.message as JsonObject);
}

/** Requests the server sent on one connection since a mark. */
export function serverRequestsSince(ctx: Ctx, connection: string, mark: number): JsonObject[] {
  return serverMessagesSince(ctx, connection, mark).filter(isRequest);
}

export function responsesSince(ctx: Ctx, connection: string, mark: number): JsonObject[] {
  return serverMessagesSince(ctx, connection, mark).filter(isResponse);
}

/**
 * Sends a message object as raw bytes (stdio: one line, after a fence), so that malformed ones go
 * out as written; its answer is required, so silence the server is proven to have chosen is conclusive.
 */
export async function sendAsRaw(
  ctx: ProvingContext<SessionClient>,
  message: JsonObject,
  options: { timeoutMs?: number } = {},
): Promise<Exchange> {
  const { client } = ctx;
  await fenceBeforeIdlessAnswer(client, 'a malformed request');
  const bytes = `${JSON.stringify(message)}${client.transport === 'stdio' ? '\n' : ''}`;
  return answerRequired(ctx, 'the malformed request', () =>
    client.sendRaw(bytes, { expectResponse: true, timeoutMs: options.timeoutMs }),
  );
}

/** GET on the MCP endpoint (the session's standalone SSE stream, or a resumption with Last-Event-ID). */
export function openGet(
  client: SessionClient,
  headers: Record<string, string>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Exchange> {
  return client.sendRaw('', {
    httpMethod: 'GET',
    headers: { accept: 'text/event-stream', ...headers },
    timeoutMs,
    signal,
  });
}

/** The first wire entry recorded from now on that matches, or undefined after `timeoutMs`. */
export function nextEntry(
  ctx: Ctx,
  matches: (entry: WireEntry) => boolean,
  timeoutMs: number,
): Promise<WireEntry | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(undefined), timeoutMs);
    const unsubscribe = ctx.wire.subscribe((entry) => {
      if (matches(entry)) done(entry);
    });
    function done(entry: WireEntry | undefined) {
      clearTimeout(timer);
      unsubscribe();
      resolve(entry);
    }
  });
}

/** How long a GET stream may take to open before a check goes on without it. */
const GET_OPEN_WAIT_MS = 3000;
/** Upper bound of a GET stream held open by a check (it is closed earlier by the check). */
const GET_HOLD_LIMIT_MS = 30_000;

export interface Listener {
  /** HTTP status of the GET (200 when the stream is open, 405 when the server offers none). */
  status?: number;
  close(): Promise<void>;
}

/** Opens the session's GET stream (where messages after a request's response go) and waits until it is open. */
export async function listenOnGet(ctx: Ctx, client: SessionClient): Promise<Listener> {
  const abort = new AbortController();
  const opened = nextEntry(
    ctx,
    (entry) => entry.connection === client.connection.name && entry.kind === 'http-response',
    GET_OPEN_WAIT_MS,
  );
  const done = openGet(client, {}, GET_HOLD_LIMIT_MS, abort.signal);
  const response = await opened;
  return {
    status: response?.http?.status,
    close: async () => {
      abort.abort();
      await done;
    },
  };
}

/** Uses what the server offers, the way a host would: lists, prompts, reads, allowed tool calls. */
export async function exercise(ctx: Ctx, client: SessionClient): Promise<void> {
  const profile = ctx.profile;
  for (const method of ['tools/list', 'prompts/list', 'resources/list']) {
    if (offers(profile, method.split('/')[0] as 'tools')) await client.request(method, {});
  }
  for (const prompt of profile.prompts.slice(0, EXERCISE_LIMIT))
    await client.request('prompts/get', { name: prompt.name, arguments: samplePromptArguments(prompt).arguments });
  for (const resource of profile.resources.slice(0, EXERCISE_LIMIT))
    await client.request('resources/read', { uri: resource.uri });
  for (const tool of callableTools(ctx).slice(0, EXERCISE_LIMIT)) await client.request('tools/call', callParams(tool));
}

/** A fresh session whose initialize declares these client capabilities. */
export async function sessionDeclaring(ctx: Ctx, capabilities: JsonObject): Promise<SessionClient> {
  const client = await ctx.fresh({ initialize: false });
  client.state.clientCapabilities = capabilities;
  await client.handshake();
  if (!client.state.initialized)
    ctx.fail('initialize failed on a fresh connection', {
      expected: 'an initialize result',
      actual: client.state.initializeResult ?? null,
    });
  return client;
}
