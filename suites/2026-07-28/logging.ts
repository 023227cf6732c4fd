// 2026-07-28 logging (deprecated, still specified): log messages are opted into per request
// with _meta logLevel, flow only on that request's response, and never without it.
import { cheapRequest } from '../../harness/lifecycles/sample-requests.js';
import { defineArea, type CheckContext } from '../../harness/checks/check.js';
import { expectError } from '../../harness/checks/expect.js';
import { LOG_LEVEL_KEY } from '../../harness/lifecycles/meta.js';
import { sampleArguments } from '../../harness/lifecycles/sample-requests.js';
import type { StatelessClient } from '../../harness/lifecycles/stateless-client.js';
import { isObject, type JsonObject } from '../../harness/model.js';
import {
  inFlightAt,
  modernConnections,
  requestMetaOf,
  sentRequests,
  serverMessages,
  where,
} from '../shared/wire-pairs.js';
import { CALL_BUDGET_MS, toolName, toolsToCall } from './kit/tool-calls.js';

const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
const THRESHOLD = 'warning';
const severity = (level: unknown) => LEVELS.indexOf(String(level));
const isLog = (message: JsonObject) => message.method === 'notifications/message';

interface LogsOfCall {
  tool: string;
  logs: JsonObject[];
}

/** Calls each tool the run may call, once, one at a time, with the smallest arguments, and keeps its log messages. */
async function logsPerTool(ctx: CheckContext<StatelessClient>, logLevel: string | undefined): Promise<LogsOfCall[]> {
  const started = Date.now();
  const calls: LogsOfCall[] = [];
  for (const tool of toolsToCall(ctx)) {
    if (Date.now() - started > CALL_BUDGET_MS) break;
    const exchange = await ctx.client.request(
      'tools/call',
      { name: tool.name, arguments: sampleArguments(tool.inputSchema) },
      { meta: { [LOG_LEVEL_KEY]: logLevel } },
    );
    calls.push({ tool: toolName(tool), logs: exchange.notifications.filter(isLog) });
  }
  return calls;
}

export default defineArea('2026-07-28', 'logging', [
  {
    slug: 'silent-without-level',
    title: 'No notifications/message for a request without logLevel',
    requirement: `The server MUST NOT emit notifications/message for a request that does not include ${LOG_LEVEL_KEY} in _meta (each tool is called once without it).`,
    level: 'MUST',
    spec: 'server/utilities/logging#per-request-log-level',
    catalog: ['META-011'],
    requires: ['tools'],
    exclusive: true, // on stdio a notification belongs to whatever is in flight
    async run(ctx) {
      const logged = (await logsPerTool(ctx, undefined)).filter((call) => call.logs.length > 0);
      if (logged.length === 0) return;
      ctx.fail(
        `${logged.length} tool call(s) without ${LOG_LEVEL_KEY} produced log messages; first: ${logged[0].tool}`,
        {
          expected: 'no notifications/message',
          actual: logged.map((call) => ({ tool: call.tool, logs: call.logs.slice(0, 3) })),
        },
      );
    },
  },
  {
    slug: 'level-threshold',
    title: `With logLevel "${THRESHOLD}", log messages are at or above it`,
    requirement:
      "With logLevel set, the server MAY send notifications/message at or above the requested level on that request's response stream, before the final response; nothing below it.",
    level: 'MUST',
    spec: 'server/utilities/logging#per-request-log-level',
    catalog: ['META-012'],
    requires: ['tools'],
    exclusive: true,
    async run(ctx) {
      const loggers = (await logsPerTool(ctx, 'debug')).filter((call) => call.logs.length > 0);
      if (loggers.length === 0) ctx.skip('no tool sent log messages when called with logLevel "debug"');
      const below: Array<{ tool: string; level: unknown }> = [];
      for (const call of await logsPerTool(ctx, THRESHOLD)) {
        for (const log of call.logs) {
          const level = isObject(log.params) ? log.params.level : undefined;
          if (severity(level) < severity(THRESHOLD)) below.push({ tool: call.tool, level });
        }
      }
      if (below.length === 0) return;
      ctx.fail(
        `${below.length} log message(s) below the requested level "${THRESHOLD}"; first: ${JSON.stringify(below[0])}`,
        {
          expected: `levels ${LEVELS.slice(severity(THRESHOLD)).join(', ')}`,
          actual: below.slice(0, 10),
        },
      );
    },
  },
  {
    slug: 'unknown-level-rejected',
    title: 'An unknown logLevel gets -32602',
    requirement: `If ${LOG_LEVEL_KEY} is not a recognized log level, the server SHOULD reject the request with -32602 (Invalid params).`,
    level: 'SHOULD',
    spec: 'server/utilities/logging#error-handling',
    catalog: ['META-013'],
    requires: ['logging'],
    async run(ctx) {
      const exchange = await ctx.client.request(
        cheapRequest(ctx.profile, ctx.revision),
        {},
        { meta: { [LOG_LEVEL_KEY]: 'verbose' } },
      );
      expectError(exchange, -32602); // the HTTP status of this error is not specified
    },
  },
  {
    slug: 'logs-follow-their-request',
    title: 'Every log message of the run belongs to an in-flight request that asked for it',
    requirement:
      'Across the whole run, a notifications/message may only arrive while a request carrying logLevel is in flight on the same connection, at or above that level; requests without logLevel never get one.',
    level: 'MUST',
    spec: 'server/utilities/logging#per-request-log-level',
    catalog: ['META-011', 'META-012'],
    phase: 'post',
    async run(ctx) {
      const modern = modernConnections(ctx.wire.entries);
      const asking = sentRequests(ctx.wire.entries)
        .map((sent) => ({ sent, level: requestMetaOf(sent.request)[LOG_LEVEL_KEY] }))
        .filter((w) => typeof w.level === 'string' && modern.has(w.sent.connection));
      const stray = serverMessages(ctx.wire.entries)
        .filter(({ entry, message }) => isLog(message) && modern.has(entry.connection))
        .filter(({ entry, message }) => {
          const level = isObject(message.params) ? message.params.level : undefined;
          return !asking.some(
            ({ sent, level: asked }) => inFlightAt(sent, entry) && severity(level) >= severity(asked),
          );
        });
      if (stray.length === 0) return;
      ctx.fail(`${stray.length} log message(s) arrived outside any request that asked for them at that level`, {
        expected: 'notifications/message only during a request carrying logLevel, at or above it',
        actual: stray.slice(0, 10).map(({ entry, message }) => ({ ...where(entry), params: message.params })),
      });
    },
  },
  {
    slug: 'capability-declared',
    title: 'A server that sends log messages declares the logging capability',
    requirement:
      'Servers that emit log message notifications MUST declare the logging capability (checked over every notifications/message of the run).',
    level: 'MUST',
    spec: 'server/utilities/logging#capabilities',
    catalog: ['META-014', 'VER-007'],
    phase: 'post',
    async run(ctx) {
      const modern = modernConnections(ctx.wire.entries);
      const logs = serverMessages(ctx.wire.entries).filter(
        ({ entry, message }) => isLog(message) && modern.has(entry.connection),
      );
      if (logs.length === 0) ctx.skip('the server sent no log messages during the run');
      if (isObject(ctx.profile.capabilities?.logging)) return;
      ctx.fail(`the server sent ${logs.length} log message(s) but server/discover declares no logging capability`, {
        expected: 'capabilities.logging',
        actual: {
          capabilities: ctx.profile.capabilities,
          firstLog: { ...where(logs[0].entry), message: logs[0].message },
        },
      });
    },
  },
]);
