// 2025-11-25 rules that hold for every message of the run.
import { defineArea } from '../../harness/checks/check.js';
import type { SessionClient } from '../../harness/lifecycles/session-client.js';
import { isObject, type JsonObject } from '../../harness/model.js';
import { requestsAnsweredCheck, responsesMatchRequestsCheck, schemaCheck } from '../shared/wire-checks.js';
import { where } from '../shared/wire-pairs.js';
import { sessionEntries } from './kit/helpers.js';

const MAX_LISTED = 10;

export default defineArea('2025-11-25', 'wire', [
  schemaCheck<SessionClient>('basic#messages', ['RPC-001', 'RPC-003', 'RPC-004', 'ELIC-001', 'ELIC-002', 'SAMP-001']),
  responsesMatchRequestsCheck<SessionClient>('basic#result-responses', ['RPC-002', 'RPC-005']),
  requestsAnsweredCheck<SessionClient>('basic#messages', ['RPC-001']),
  {
    slug: 'notifications-without-id',
    title: 'Notifications from the server carry no id',
    requirement:
      "Notifications MUST NOT include an ID: a notifications/* message the server sends has no id member (checked over every server message of the run's sessions).",
    level: 'MUST',
    spec: 'basic#notifications',
    catalog: ['RPC-009'],
    phase: 'post',
    async run(ctx) {
      const withId = sessionEntries(ctx).filter((entry) => {
        const message =
          entry.direction === 'server->client' && entry.kind === 'message' && isObject(entry.message)
            ? entry.message
            : undefined;
        return (
          message !== undefined &&
          typeof message.method === 'string' &&
          message.method.startsWith('notifications/') &&
          'id' in message
        );
      });
      if (withId.length === 0) return;
      const first = withId[0].message as JsonObject;
      ctx.fail(
        `${withId.length} notification(s) from the server carry an id; first: ${String(first.method)} with id ${JSON.stringify(first.id)}`,
        {
          expected: 'notifications without an id member',
          actual: withId.slice(0, MAX_LISTED).map((entry) => ({ ...where(entry), message: entry.message })),
        },
      );
    },
  },
]);
