// Checks that read the whole wire log of a revision's run, after every other check: the same
// rules exist in both revisions, so each revision instantiates them with its own spec links.
import type { CheckDefinition } from '../../harness/checks/check.js';
import { neverReceived } from '../../harness/checks/wire-query.js';
import type { Client } from '../../harness/lifecycles/client.js';
import { isObject, type Revision } from '../../harness/model.js';
import type { WireEntry } from '../../harness/recorder/wire-log.js';
import { servedMalformedRequest, splitSchemaIssues, warnedByItsCheck } from '../../harness/schema/contradictions.js';
import { idKey } from '../../harness/lifecycles/exchange.js';
import { answersToOtherVersions } from './wire-pairs.js';

const MAX_LISTED = 10;
const ID_ISSUE = /^\/id(\s|$)/;

function brief(entry: WireEntry): Record<string, unknown> {
  return {
    seq: entry.seq,
    connection: entry.connection,
    note: entry.note,
    text: entry.text?.slice(0, 300),
    bytes: entry.bytes,
    hex: entry.hex?.slice(0, 64),
    framingFault: entry.framingFault,
  };
}

export function schemaCheck<C extends Client>(spec: string, catalog: string[]): CheckDefinition<C> {
  return {
    slug: 'schema',
    title: 'Every message from the server validates against the revision schema',
    requirement:
      "All messages MUST be JSON-RPC 2.0 messages of the shapes the schema defines: each server message is checked against the definition of the method it answers (or the notification it is). Where JSON-RPC 2.0 and the schema disagree (an error's id null, or echoed as the client sent it) the spec contradicts itself: warned (here, unless errors/parse-error already warns it of its own answer). A result served for a request errors/invalid-request sent with a forbidden id is that check's finding, not judged again here; so is (2026-07-28) the answer to a request sent without the _meta that revision requires (its protocolVersion as a string, clientCapabilities an object), which the meta and lifecycle checks that sent it judge.",
    level: 'MUST',
    spec,
    catalog,
    phase: 'post',
    async run(ctx) {
      const { breaks, contradictions } = judgeSchemaIssues(ctx.wire.entries, ctx.revision);
      if (breaks.length > 0) {
        const first = breaks[0];
        ctx.fail(`${breaks.length} server message(s) break the schema; first (${first.def}): ${first.issues[0]}`, {
          expected: 'every server message valid',
          actual: breaks.slice(0, MAX_LISTED),
        });
      }
      if (contradictions.length > 0) {
        ctx.warn(
          `${contradictions.length} server error(s) where the spec contradicts itself; first: ${contradictions[0].contradiction}`,
          {
            expected: 'an error id the MCP schema allows (string or integer), or none',
            actual: contradictions.slice(0, MAX_LISTED),
          },
        );
      }
    },
  };
}

export interface SchemaFinding {
  seq: number;
  connection: string;
  def: string;
  issues: string[];
  message: unknown;
  contradiction?: string;
}

/** Server messages' schema issues, split by the one rule of harness/schema/contradictions.ts: real breaks, and the spec contradicting itself. */
export function judgeSchemaIssues(
  entries: readonly WireEntry[],
  revision: Revision,
): {
  breaks: SchemaFinding[];
  contradictions: SchemaFinding[];
} {
  const sent = sentIdsByConnection(entries);
  // 2026-07-28 only: 2025-11-25 requests carry no protocolVersion in _meta.
  const judgedElsewhere = revision === '2026-07-28' ? answersToOtherVersions(entries) : new Set<number>();
  const breaks: SchemaFinding[] = [];
  const contradictions: SchemaFinding[] = [];
  for (const entry of entries) {
    if (entry.direction !== 'server->client' || entry.kind !== 'message' || !entry.schema) continue;
    if (judgedElsewhere.has(entry.seq)) continue;
    const issues = servedMalformedRequest(entry.message, entry.checks)
      ? entry.schema.issues.filter((issue) => !ID_ISSUE.test(issue))
      : entry.schema.issues;
    const split = splitSchemaIssues(entry.message, issues, (id) => sent.has(`${entry.connection}\0${idKey(id)}`));
    const finding = { seq: entry.seq, connection: entry.connection, def: entry.schema.def, message: entry.message };
    if (split.breaks.length > 0) breaks.push({ ...finding, issues: split.breaks.slice(0, 5) });
    if (split.contradiction && !warnedByItsCheck(entry.message, entry.checks))
      contradictions.push({
        ...finding,
        issues: issues.filter((issue) => !split.breaks.includes(issue)).slice(0, 5),
        contradiction: split.contradiction,
      });
  }
  return { breaks, contradictions };
}

/** Ids the client put on each connection: of its JSON-RPC messages, and of raw bytes that parse (a batch: each member's). */
function sentIdsByConnection(entries: readonly WireEntry[]): Set<string> {
  const sent = new Set<string>();
  for (const entry of entries) {
    if (entry.direction !== 'client->server') continue;
    let parsed: unknown = entry.kind === 'message' ? entry.message : undefined;
    if (entry.kind === 'raw' && entry.text !== undefined) {
      try {
        parsed = JSON.parse(entry.text);
      } catch {
        continue;
      }
    }
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
      if (isObject(message) && 'id' in message) sent.add(`${entry.connection}\0${idKey(message.id)}`);
    }
  }
  return sent;
}

export function stdoutCheck<C extends Client>(spec: string, catalog: string[]): CheckDefinition<C> {
  return {
    slug: 'stdout-only-jsonrpc',
    title: 'Nothing but JSON-RPC messages on stdout, one per line',
    requirement:
      'On stdio the server MUST NOT write anything to stdout that is not a valid MCP message; messages are newline-delimited and MUST NOT contain embedded newlines, and JSON-RPC messages MUST be UTF-8 encoded: a message whose line had to be mended to be read (a byte order mark before it, invalid UTF-8 inside it, read as U+FFFD) is read and judged like any other, and is a finding here.',
    level: 'MUST',
    spec,
    catalog,
    transports: ['stdio'],
    phase: 'post',
    async run(ctx) {
      const polluted = ctx.wire.entries.filter((entry) => entry.kind === 'pollution');
      const mended = ctx.wire.entries.filter((entry) => entry.framingFault !== undefined);
      if (polluted.length === 0 && mended.length === 0) return;
      const lines = polluted.reduce((sum, entry) => sum + (entry.count ?? 1), 0);
      const findings = [
        polluted.length > 0
          ? `${lines} stdout line(s) are not JSON-RPC; first: ${polluted[0].note}: ${JSON.stringify((polluted[0].text ?? '').slice(0, 80))}`
          : '',
        mended.length > 0
          ? `${mended.length} message(s) were read only by mending their bytes; first (seq ${mended[0].seq}): ${mended[0].framingFault}`
          : '',
      ];
      ctx.fail(findings.filter(Boolean).join('; '), {
        expected: 'only newline-delimited JSON-RPC messages on stdout, in valid UTF-8',
        actual: [...mended, ...polluted].slice(0, MAX_LISTED).map(brief),
      });
    },
  };
}

export function responsesMatchRequestsCheck<C extends Client>(spec: string, catalog: string[]): CheckDefinition<C> {
  return {
    slug: 'responses-match-requests',
    title: 'Every response answers a request that was sent, exactly once',
    requirement:
      'A response MUST carry the id of the request it corresponds to: a response to an id never sent, or a second response to an id already answered, corresponds to no request.',
    level: 'MUST',
    spec,
    catalog,
    phase: 'post',
    async run(ctx) {
      const stray = ctx.wire.entries.filter(
        (entry) => entry.anomaly === 'unknown-id' || entry.anomaly === 'duplicate-response',
      );
      if (stray.length === 0) return;
      ctx.fail(
        `${stray.length} response(s) answer no request in flight; first: ${stray[0].note} (id ${JSON.stringify((stray[0].message as { id?: unknown } | undefined)?.id)})`,
        {
          expected: 'one response per request, with its id',
          actual: stray.slice(0, MAX_LISTED).map((entry) => ({
            seq: entry.seq,
            connection: entry.connection,
            anomaly: entry.anomaly,
            message: entry.message,
          })),
        },
      );
    },
  };
}

/** The server/discover requests of a run: in a 2025-11-25 run, the probes a legacy server may leave unanswered. */
function modernProbes(entries: readonly WireEntry[]): Set<string> {
  const probes = new Set<string>();
  for (const entry of entries) {
    const message = entry.message as { id?: unknown; method?: unknown } | undefined;
    if (entry.direction === 'client->server' && message?.method === 'server/discover')
      probes.add(`${entry.connection} ${JSON.stringify(message.id)}`);
  }
  return probes;
}

export function requestsAnsweredCheck<C extends Client>(spec: string, catalog: string[]): CheckDefinition<C> {
  return {
    slug: 'requests-answered',
    title: 'Every request gets a response',
    requirement:
      'Messages MUST follow JSON-RPC 2.0, under which the server MUST reply to every request (not to notifications). A request in flight when the server exits on its own was never answered (fail), unless it is a barrier (a probe sent to prove an earlier message was read): the check that sent it judges the exit, once; one written after that exit, or whose write failed, was never received and does not count; one still unanswered when its connection ends, after waiting out its timeout twice, leaves the check inconclusive; requests the client cancelled are exempt, and so is a 2026-07-28 server/discover probe in a 2025-11-25 run: a legacy server may leave it unanswered ("or not at all", 2026-07-28 basic/transports/stdio#backward-compatibility), which is how a dual-era client tells it is legacy.',
    level: 'MUST',
    spec,
    catalog,
    phase: 'post',
    async run(ctx) {
      const cancelled = new Set<string>();
      for (const entry of ctx.wire.entries) {
        const message = entry.message as { method?: unknown; params?: { requestId?: unknown } } | undefined;
        if (entry.direction === 'client->server' && message?.method === 'notifications/cancelled')
          cancelled.add(`${entry.connection} ${JSON.stringify(message.params?.requestId)}`);
      }
      const late = new Set<string>();
      for (const entry of ctx.wire.entries) {
        if (entry.anomaly === 'late-response' && isObject(entry.message))
          late.add(`${entry.connection} ${JSON.stringify(entry.message.id)}`);
      }
      const unsent = neverReceived(ctx.wire.entries);
      const probes = ctx.revision === '2025-11-25' ? modernProbes(ctx.wire.entries) : new Set<string>();
      const exempt = (entry: WireEntry) =>
        cancelled.has(`${entry.connection} ${JSON.stringify(entry.requestId)}`) ||
        probes.has(`${entry.connection} ${JSON.stringify(entry.requestId)}`);
      const unanswered = ctx.wire.entries.filter(
        (entry) => entry.anomaly === 'unanswered' && !unsent.has(entry) && !exempt(entry),
      );
      const answeredLate = unanswered.filter((entry) =>
        late.has(`${entry.connection} ${JSON.stringify(entry.requestId)}`),
      );
      if (answeredLate.length > 0)
        ctx.note(
          `${answeredLate.length} request(s) were answered after the harness stopped waiting; first: ${answeredLate[0].note}`,
        );
      const never = unanswered.filter((entry) => !answeredLate.includes(entry));
      const listed = (entries: typeof never) =>
        entries.slice(0, MAX_LISTED).map((entry) => ({
          seq: entry.seq,
          connection: entry.connection,
          requestId: entry.requestId,
          note: entry.note,
          checks: entry.checks,
        }));
      // Dying with a request in flight is the server's answer; a wait that ran out is only time.
      // A barrier lost to an exit is judged by the check that sent it (suites/shared/barrier.ts),
      // once, whether it was written just before the exit or found the process gone.
      const dead = never.filter((entry) => !entry.timeout);
      const barriers = dead.filter((entry) => entry.barrier);
      if (barriers.length > 0)
        ctx.note(
          `${barriers.length} barrier request(s) lost to the server's exit are judged by the check that sent them; first: ${barriers[0].note} (${barriers[0].checks?.join(', ')})`,
        );
      const died = dead.filter((entry) => !entry.barrier);
      if (died.length > 0)
        ctx.fail(`${died.length} request(s) got no response; first: ${died[0].note}`, {
          expected: 'a response to every request',
          actual: listed(died),
        });
      const waited = never.filter((entry) => entry.timeout);
      if (waited.length > 0) {
        ctx.inconclusive(
          `${waited.length} request(s) had no response by the end of the run; first: ${waited[0].note}`,
          { expected: 'a response to every request', actual: listed(waited) },
        );
      }
    },
  };
}
