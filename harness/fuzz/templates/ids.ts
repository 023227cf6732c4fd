// The id campaign, for either revision: every kind of id on a cheap request, an id reused after
// its answer, and one id on two requests in flight. The spec link comes from the revision.
import fc from 'fast-check';
import type { IdCase, IdKind } from '../../../generators/builders/id-case.js';
import { requestId } from '../../../generators/ids/request-id.js';
import { validId } from '../../../generators/ids/valid-id.js';
import type { Allowed } from '../case.js';
import { fuzzProperty, type FuzzPropertyDefinition } from '../property.js';
import { ANSWERED, messageStep, requestBytes, requestSlot } from './requests.js';

const INVALID_REQUEST = -32600;
const PARSE_ERROR = -32700;
// -32700 for JSON that parsed is the wrong code, as the checks warn (errors/invalid-request): a SHOULD.
const invalid: Allowed[] = [
  { answer: 'error', codes: [INVALID_REQUEST] },
  { answer: 'idless-error', codes: [INVALID_REQUEST] },
  {
    answer: 'idless-error',
    codes: [PARSE_ERROR],
    warn: 'JSON-RPC 2.0 keeps -32700 for text that is not JSON; an invalid request gets -32600',
  },
];

/** What the spec lets a server answer to a cheap request carrying an id of this kind. */
export function allowedForId(kind: IdKind | undefined): Allowed[] {
  switch (kind) {
    case undefined:
      return [{ answer: 'none' }, { answer: 'accepted' }];
    case 'string':
    case 'integer':
      return ANSWERED;
    case 'unsafe-integer':
      // A parser may round it (the answer then carries the same double) or refuse it: the id is ours, so any refusal stands.
      return [...ANSWERED, { answer: 'idless-error' }];
    case 'fractional':
    case 'integral-spelling':
      // Not the "string or integer" MCP asks for, but a JSON-RPC number: served, or refused.
      return [{ answer: 'result' }, ...invalid];
    case 'null':
      return invalid.filter((allowed) => allowed.answer === 'idless-error');
    case 'boolean':
    case 'object':
    case 'array':
      return invalid;
  }
}

export function sameIdProperty(spec: string, catalog: string[]): FuzzPropertyDefinition {
  return fuzzProperty<IdCase | undefined>({
    slug: 'same-id',
    title: 'Each request is answered once with its id unchanged; bad ids get -32600; notifications get nothing',
    requirement:
      'A response MUST carry the id of its request with the same JSON type (string or integer; numbers compared as a JSON parser reads them). A null, fractional, boolean, object or array id makes an Invalid Request (-32600, id left out when it cannot be read). A message without an id is a notification and MUST NOT be answered.',
    level: 'MUST',
    spec,
    catalog,
    arbitrary: () => requestId(),
    plan(id, env) {
      const request = requestBytes(env, id);
      const what =
        id === undefined
          ? `a ${request.method} notification (no id)`
          : `${request.method} with id ${id.text} (${id.kind})`;
      const slot =
        id === undefined
          ? { what, allow: allowedForId(undefined) }
          : requestSlot(what, id, request.method, allowedForId(id.kind));
      return { steps: [messageStep(env, what, request.text, [slot], request.headers)] };
    },
  });
}

export function reusedIdProperty(spec: string, catalog: string[], reuseAllowed: boolean): FuzzPropertyDefinition {
  return fuzzProperty<IdCase>({
    slug: 'reused-after-answer',
    title: reuseAllowed
      ? 'An id reused after its answer is a new request, answered once'
      : 'An id reused after its answer (a client error) gets at most one answer',
    requirement: reuseAllowed
      ? 'A request id only has to differ from those of requests still awaiting a response: a second request with an answered id is answered like any request, exactly once, with that id.'
      : 'Clients must not reuse an id within a session; if one does, the server still answers each request at most once (one response per request) and keeps serving.',
    level: 'MUST',
    spec,
    catalog,
    arbitrary: () => validId(),
    plan(id, env) {
      const first = requestBytes(env, id);
      const again = requestBytes(env, id);
      const second = reuseAllowed ? ANSWERED : [...ANSWERED, { answer: 'none' as const }];
      return {
        steps: [
          messageStep(
            env,
            `${first.method} with id ${id.text}`,
            first.text,
            [requestSlot(`the first request with id ${id.text}`, id, first.method)],
            first.headers,
          ),
          messageStep(
            env,
            `the same id ${id.text} again, after its answer`,
            again.text,
            [requestSlot(`the second request with id ${id.text}`, id, again.method, second)],
            again.headers,
          ),
        ],
      };
    },
  });
}

export function inFlightDuplicateProperty(spec: string, catalog: string[]): FuzzPropertyDefinition {
  return fuzzProperty<{ id: IdCase; oneWrite: boolean }>({
    slug: 'in-flight-duplicate',
    title: 'Two requests in flight with one id (a client error) get at most one answer each',
    requirement:
      'A client must not reuse the id of a request still in flight; when it does, the server answers the first request, gives the second at most one answer, and keeps serving.',
    level: 'MUST',
    spec,
    catalog,
    arbitrary: () => fc.record({ id: validId(), oneWrite: fc.boolean() }),
    plan({ id, oneWrite }, env) {
      const request = requestBytes(env, id);
      const firstSlot = requestSlot(`the first request with id ${id.text}`, id, request.method);
      const secondSlot = requestSlot(
        `the second request with id ${id.text}, sent before the first was answered`,
        id,
        request.method,
        [...ANSWERED, { answer: 'none' }],
      );
      if (env.transport === 'stdio' && oneWrite) {
        return {
          steps: [
            {
              label: `two ${request.method} lines with id ${id.text} in one write`,
              text: `${request.text}\n${request.text}\n`,
              slots: [firstSlot, secondSlot],
            },
          ],
        };
      }
      const first = messageStep(
        env,
        `${request.method} with id ${id.text}`,
        request.text,
        [firstSlot],
        request.headers,
      );
      const second = messageStep(env, `the same id ${id.text} at once`, request.text, [secondSlot], request.headers);
      return { steps: [{ ...first, overlap: true }, second] };
    },
  });
}

/** Notification methods a client may send (or a careless one might), with the params each takes. */
function notificationArbitrary(): fc.Arbitrary<{ method: string; params: Record<string, unknown> }> {
  const anyValue = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.boolean());
  return fc.oneof(
    fc.record({
      method: fc.constant('notifications/cancelled'),
      params: fc.record({ requestId: fc.oneof(fc.string(), fc.integer()), reason: fc.string() }, { requiredKeys: [] }),
    }),
    fc.record({
      method: fc.constant('notifications/progress'),
      params: fc.record(
        { progressToken: fc.oneof(fc.string(), fc.integer()), progress: fc.double({ noNaN: true }), total: fc.nat() },
        { requiredKeys: [] },
      ),
    }),
    fc.record({
      method: fc.constantFrom(
        'notifications/roots/list_changed',
        'notifications/initialized',
        'notifications/elicitation/complete',
      ),
      params: fc.constant({}),
    }),
    fc.record({
      method: fc.constantFrom('notifications/x-mcp-conform/unknown', 'x-mcp-conform/no-prefix'),
      params: fc.dictionary(fc.string({ maxLength: 8 }), anyValue, { maxKeys: 3 }),
    }),
  );
}

export function notificationsProperty(spec: string, catalog: string[]): FuzzPropertyDefinition {
  return fuzzProperty<{ method: string; params: Record<string, unknown> }>({
    slug: 'notifications-unanswered',
    title: 'Notifications of any method, known or not, get no response',
    requirement:
      'A notification (a message without an id) MUST NOT be answered, whatever its method or params: cancellations of unknown requests, progress, list changes, methods the server does not know. Over HTTP it gets 202 Accepted or an HTTP error status, never a JSON-RPC response.',
    level: 'MUST',
    spec,
    catalog,
    arbitrary: () => notificationArbitrary(),
    plan({ method, params }, env) {
      const request = requestBytes(env, undefined, method, params as Record<string, never>);
      const what = `the notification ${method} ${JSON.stringify(params).slice(0, 80)}`;
      return {
        steps: [messageStep(env, what, request.text, [{ what, allow: allowedForId(undefined) }], request.headers)],
      };
    },
  });
}
