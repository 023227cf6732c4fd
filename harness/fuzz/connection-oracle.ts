// One connection's traffic, judged as a whole: some defects show in no single case. A request the
// server never answered while it answered one sent after it (stdio: the later answer is the
// barrier that proves the earlier request was read), and a notification naming something the
// client never sent on the connection (a progress token; a request id the server may cancel).
// Pure data: the fuzzer tells it what it sent and what came back, and asks for the problems.
import { isObject, isResponse, type JsonObject, type Revision } from '../model.js';
import { idKey } from '../transports/types.js';

export type ConnectionKind = 'unanswered' | 'progress-token' | 'cancelled-request';

export interface LedgerRequest {
  /** The id as a JSON parser reads it. */
  id: unknown;
  what: string;
  method?: string;
  /** Does the spec require an answer (case.ts `needsAnswer`)? */
  needsAnswer: boolean;
  /** Answered already (within its own case, an id-less error included). */
  answered: boolean;
  /** Why it is not held to an answer here (a tool call still running, ...). */
  exempt?: string;
  /** The fuzz case that sent it, as the live target counts them. */
  caseNo?: number;
}

export interface ConnectionProblem {
  kind: ConnectionKind;
  /** One line naming the request(s) or notification. */
  message: string;
  /** The case the problem is seen in: the unanswered request's, or the one the notification arrived during. */
  caseNo?: number;
  /** The later case whose answered request is the barrier (unanswered only). */
  laterCaseNo?: number;
}

interface Entry extends LedgerRequest {
  seq: number;
}

/** The JSON-RPC messages in bytes the client wrote: each line parsed, batches flattened; what does not parse is left out. */
export function messagesIn(text: string): JsonObject[] {
  const out: JsonObject[] = [];
  for (const line of text.split('\n')) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value]) if (isObject(item)) out.push(item);
  }
  return out;
}

function progressTokenOf(message: JsonObject): unknown {
  const params = isObject(message.params) ? message.params : undefined;
  return params && isObject(params._meta) ? params._meta.progressToken : undefined;
}

const show = (value: unknown) => JSON.stringify(value) ?? String(value);

export class ConnectionLedger {
  private seq = 0;
  private entries: Entry[] = [];
  private readonly problems: ConnectionProblem[] = [];
  /** Progress tokens the client sent (type-sensitive keys). */
  private readonly tokens = new Set<string>();
  /** Ids of requests the server sent to the client (2025-11-25 may cancel them). */
  private readonly serverRequests = new Set<string>();
  /** Ids of the client's subscriptions/listen requests (2026-07-28 cancels only those). */
  private readonly listens = new Set<string>();
  private readonly exemptCases = new Map<number, string>();
  /** The case in flight, for the notifications that arrive during it (undefined: a pipelined batch, or between cases). */
  private current?: number;

  constructor(readonly revision: Revision) {}

  /** The client is about to write these bytes (stdio; HTTP: a case's POSTs): their progress tokens and listens count from now. */
  sending(texts: string[], caseNo?: number): void {
    this.current = caseNo;
    for (const message of texts.flatMap(messagesIn)) {
      const token = progressTokenOf(message);
      if (token !== undefined) this.tokens.add(idKey(token));
      if (message.method === 'subscriptions/listen' && 'id' in message) this.listens.add(idKey(message.id));
    }
  }

  /** A request the client sent, in the order sent (registered once its own case is over). */
  request(request: LedgerRequest): void {
    this.entries.push({ ...request, seq: this.seq++ });
  }

  /** A message the server sent on this connection, in the order it came. */
  received(message: JsonObject): void {
    if (isResponse(message)) {
      if (!('id' in message)) return;
      // An answer that comes after its case is over: the earliest open request with that id takes it (a late answer counts).
      const key = idKey(message.id);
      const open = this.entries.find((entry) => !entry.answered && idKey(entry.id) === key);
      if (open) open.answered = true;
      return;
    }
    if (typeof message.method !== 'string') return;
    if ('id' in message) {
      this.serverRequests.add(idKey(message.id));
      return;
    }
    const params = isObject(message.params) ? message.params : {};
    if (message.method === 'notifications/progress' && !this.tokens.has(idKey(params.progressToken)))
      this.problems.push({
        kind: 'progress-token',
        message: `notifications/progress with progressToken ${show(params.progressToken)}, which no request on this connection carried`,
        caseNo: this.current,
      });
    if (message.method === 'notifications/cancelled') {
      const key = idKey(params.requestId);
      const known = this.revision === '2026-07-28' ? this.listens.has(key) : this.serverRequests.has(key);
      const named = this.revision === '2026-07-28' ? 'subscriptions/listen of the client' : 'request the server sent';
      if (!known)
        this.problems.push({
          kind: 'cancelled-request',
          message: `notifications/cancelled with requestId ${show(params.requestId)}, which names no ${named} on this connection`,
          caseNo: this.current,
        });
    }
  }

  /** Requests of this case are held to nothing here: it matched a known finding, or the server exited during it. */
  exemptCase(caseNo: number, reason: string): void {
    this.exemptCases.set(caseNo, reason);
  }

  private exemptOf(entry: Entry): string | undefined {
    return entry.exempt ?? (entry.caseNo === undefined ? undefined : this.exemptCases.get(entry.caseNo));
  }

  /** Does this case hold an unanswered request, or a notification with a problem (so its evidence is worth keeping)? */
  suspect(caseNo: number): boolean {
    return (
      this.entries.some((e) => e.caseNo === caseNo && e.needsAnswer && !e.answered && !this.exemptOf(e)) ||
      this.problems.some((p) => p.caseNo === caseNo)
    );
  }

  /**
   * The problems so far, each once: a request that needs an answer and got none while a request
   * sent after it was answered, and the notifications already found wrong. Requests judged are
   * forgotten (silence with no later answer decides nothing, now or later).
   */
  judge(): ConnectionProblem[] {
    const found: ConnectionProblem[] = [];
    this.entries.forEach((entry, index) => {
      if (!entry.needsAnswer || entry.answered || this.exemptOf(entry)) return;
      const later = this.entries.slice(index + 1).find((other) => other.answered);
      if (!later) return;
      found.push({
        kind: 'unanswered',
        message: `${entry.what} got no answer on its connection, while ${later.what}, sent after it, was answered`,
        caseNo: entry.caseNo,
        laterCaseNo: later.caseNo,
      });
    });
    this.entries = [];
    const notifications = this.problems
      .splice(0)
      .filter((p) => p.caseNo === undefined || !this.exemptCases.has(p.caseNo));
    return [...found, ...notifications];
  }
}
