// 2025-11-25 logging: logging/setLevel accepts every level and rejects others, and the server
// keeps to the level it was given.
import { cheapRequest } from '../../harness/lifecycles/sample-requests.js';
import { defineArea } from '../../harness/checks/check.js';
import { expectError, expectResult, expectThat } from '../../harness/checks/expect.js';
import { isObject, type JsonObject } from '../../harness/model.js';
import { barrier } from '../shared/barrier.js';
import { serverMessagesSince, wireMark } from './kit/helpers.js';

const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
const THRESHOLD = 'error';
const SETTLE_MS = 200;

export default defineArea('2025-11-25', 'logging', [
  {
    slug: 'set-level',
    title: 'logging/setLevel accepts each of the eight levels with an empty result',
    requirement:
      'A client sets the minimum log level with logging/setLevel; every RFC 5424 level (debug to emergency) is a valid request, answered with an empty result (inferred).',
    level: 'SHOULD',
    spec: 'server/utilities/logging#setting-log-level',
    catalog: ['LOG-002'],
    requires: ['logging'],
    connection: 'fresh',
    async run(ctx) {
      for (const level of LEVELS)
        expectResult(await ctx.client.request('logging/setLevel', { level }), `a result for logging/setLevel ${level}`);
    },
  },
  {
    slug: 'invalid-level',
    title: 'logging/setLevel with an unknown level gets -32602',
    requirement: 'Servers SHOULD return standard JSON-RPC errors: an invalid log level gets -32602 (Invalid params).',
    level: 'SHOULD',
    spec: 'server/utilities/logging#error-handling',
    catalog: ['LOG-003'],
    requires: ['logging'],
    async run(ctx) {
      for (const level of ['verbose', 3])
        expectError(
          await ctx.client.request('logging/setLevel', { level }),
          -32602,
          `-32602 for level ${JSON.stringify(level)}`,
        );
    },
  },
  {
    slug: 'level-respected',
    title: 'After setLevel, no log message below that level arrives',
    requirement:
      'After logging/setLevel the server sends notifications/message only at that level or more severe (the schema: the server should send all logs at this level and higher).',
    level: 'SHOULD',
    spec: 'server/utilities/logging#setting-log-level',
    catalog: ['LOG-004', 'LOG-001'],
    requires: ['logging'],
    connection: 'fresh',
    async run(ctx) {
      expectResult(await ctx.client.request('logging/setLevel', { level: THRESHOLD }));
      const mark = wireMark(ctx);
      await ctx.client.request(cheapRequest(ctx.profile, ctx.revision), {});
      await ctx.sleep(SETTLE_MS);
      await barrier(ctx.client, `logging/setLevel ${THRESHOLD} and a request`);
      const below = serverMessagesSince(ctx, ctx.client.connection.name, mark).filter((m: JsonObject) => {
        const level = isObject(m.params) ? LEVELS.indexOf(String(m.params.level)) : -1;
        return m.method === 'notifications/message' && level >= 0 && level < LEVELS.indexOf(THRESHOLD);
      });
      expectThat(
        below.length === 0,
        `${below.length} log message(s) below ${THRESHOLD} arrived after logging/setLevel ${THRESHOLD}`,
        {
          expected: `only ${THRESHOLD} and above`,
          actual: below.slice(0, 3),
        },
      );
    },
  },
]);
