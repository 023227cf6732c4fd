// 2025-11-25 capabilities: the server declares what it implements and implements what it
// declares, and sends the client only what the client declared it can take.
import { defineArea } from '../../harness/checks/check.js';
import { errorOf, observed } from '../../harness/checks/expect.js';
import { describeOutcome, resultOf } from '../../harness/lifecycles/profile.js';
import { isObject, type JsonObject } from '../../harness/model.js';
import { wholeMessage } from '../../harness/recorder/wire-log.js';
import { proveRead } from '../shared/barrier.js';
import { capabilityProbes, negotiatedRequestCheck } from './kit/capability-probes.js';
import { sessionEntries, type Ctx } from './kit/helpers.js';

const LIST_CHANGED: Record<string, string> = {
  'notifications/tools/list_changed': 'tools',
  'notifications/prompts/list_changed': 'prompts',
  'notifications/resources/list_changed': 'resources',
};

function serverNotifications(ctx: Ctx, method: string | ((method: string) => boolean)): JsonObject[] {
  const matches = typeof method === 'string' ? (m: string) => m === method : method;
  return sessionEntries(ctx)
    .filter(
      (entry) => entry.direction === 'server->client' && entry.kind === 'message' && isObject(wholeMessage(entry)),
    )
    .map((entry) => wholeMessage(entry) as JsonObject)
    .filter((message) => typeof message.method === 'string' && !('id' in message) && matches(message.method));
}

export default defineArea('2025-11-25', 'capabilities', [
  {
    slug: 'declared-implemented',
    title: 'Every declared capability answers its basic method',
    requirement:
      'Capabilities establish which features are available during the session, so a declared tools, resources, prompts or logging capability answers tools/list, resources/list, prompts/list or logging/setLevel (inferred).',
    level: 'SHOULD',
    spec: 'basic/lifecycle#capability-negotiation',
    catalog: ['CAP-001', 'LIFE-008'],
    connection: 'fresh',
    async run(ctx) {
      const probes = capabilityProbes(ctx.profile).filter((probe) => probe.declared && probe.basic);
      if (probes.length === 0) ctx.skip('server declares none of tools, resources, prompts, logging');
      for (const probe of probes) {
        const exchange = await ctx.client.request(probe.method, probe.params);
        if (!resultOf(exchange))
          ctx.fail(`${probe.capability} is declared but ${probe.method} got ${describeOutcome(exchange)}`, {
            expected: `a result for ${probe.method}`,
            actual: observed(exchange),
          });
      }
    },
  },
  {
    slug: 'undeclared-not-served',
    title: 'A feature the server serves is declared in its capabilities',
    requirement:
      'Servers that support tools, resources, prompts, completions or log messages MUST declare the tools, resources, prompts, completions or logging capability: answering their methods with a result while not declaring them breaks that rule.',
    level: 'MUST',
    spec: 'basic/lifecycle#capability-negotiation',
    catalog: ['CAP-001'],
    async run(ctx) {
      const probes = capabilityProbes(ctx.profile).filter((probe) => !probe.declared && probe.topLevel);
      if (probes.length === 0) ctx.skip('server declares every one of tools, resources, prompts, completions, logging');
      for (const probe of probes) {
        const exchange = await ctx.client.request(probe.method, probe.params);
        // Not served rests on an answer: silence proves nothing until a barrier shows the probe was read.
        if (!resultOf(exchange)) await proveRead(ctx.client, exchange, `the ${probe.method} probe`);
        if (resultOf(exchange))
          ctx.fail(`${probe.method} was served although ${probe.capability} is not declared`, {
            expected: `no result without ${probe.capability}`,
            actual: observed(exchange),
          });
      }
    },
  },
  {
    slug: 'undeclared-method-not-found',
    title: 'Methods of an undeclared capability get -32601',
    requirement:
      'A method of a capability the server did not declare is not available in the session, so it gets -32601 Method not found (the completion page says so for completions; for the rest it follows from JSON-RPC and negotiation).',
    level: 'SHOULD',
    spec: 'server/utilities/completion#error-handling',
    catalog: ['CAP-002', 'CAP-011', 'COMP-003', 'TASK-019'],
    async run(ctx) {
      const probes = capabilityProbes(ctx.profile).filter((probe) => !probe.declared);
      if (probes.length === 0) ctx.skip('server declares every capability this check probes');
      for (const probe of probes) {
        const exchange = await ctx.client.request(probe.method, probe.params);
        // Serving a top-level feature undeclared is undeclared-not-served's finding (a MUST).
        if (resultOf(exchange) && probe.topLevel) continue;
        const code = errorOf(exchange)?.code;
        if (code !== -32601)
          ctx.fail(`${probe.method} without ${probe.capability} got ${describeOutcome(exchange)}`, {
            expected: 'error -32601',
            actual: observed(exchange),
          });
      }
    },
  },
  {
    slug: 'log-messages-declared',
    title: 'Log messages come only from a server that declares logging',
    requirement: 'Servers that emit log message notifications MUST declare the logging capability.',
    level: 'MUST',
    spec: 'server/utilities/logging#capabilities',
    catalog: ['CAP-001', 'LOG-001'],
    phase: 'post',
    async run(ctx) {
      if (isObject(ctx.profile.capabilities?.logging)) ctx.skip('server declares logging');
      const logs = serverNotifications(ctx, 'notifications/message');
      if (logs.length > 0)
        ctx.fail(`${logs.length} notifications/message arrived, but logging is not declared`, {
          expected: 'no log messages',
          actual: logs.slice(0, 5),
        });
    },
  },
  {
    slug: 'list-changed-declared',
    title: 'list_changed notifications come only with listChanged declared',
    requirement:
      'listChanged declares support for list change notifications, so a server sends notifications/{tools,prompts,resources}/list_changed only when it declared listChanged for that list (inferred).',
    level: 'SHOULD',
    spec: 'basic/lifecycle#capability-negotiation',
    catalog: ['CAP-010'],
    phase: 'post',
    async run(ctx) {
      const caps = ctx.profile.capabilities ?? {};
      const undeclared = serverNotifications(ctx, (method) => method in LIST_CHANGED).filter((message) => {
        const cap = caps[LIST_CHANGED[message.method as string]];
        return !(isObject(cap) && cap.listChanged === true);
      });
      if (undeclared.length > 0) {
        ctx.fail(
          `${String(undeclared[0].method)} arrived without ${LIST_CHANGED[undeclared[0].method as string]}.listChanged declared`,
          {
            expected: 'list_changed only where declared',
            actual: undeclared.slice(0, 5),
          },
        );
      }
    },
  },
  {
    slug: 'embedded-resources-declared',
    title: 'Tool results embed resources only when the server declares resources',
    requirement: 'Servers that use embedded resources SHOULD implement the resources capability.',
    level: 'SHOULD',
    spec: 'server/tools#embedded-resources',
    catalog: ['CAP-013'],
    phase: 'post',
    async run(ctx) {
      if (isObject(ctx.profile.capabilities?.resources)) ctx.skip('server declares resources');
      const embedding = sessionEntries(ctx).filter((entry) => {
        const message = wholeMessage(entry);
        const result = isObject(message) && isObject(message.result) ? message.result : undefined;
        return (
          entry.direction === 'server->client' &&
          Array.isArray(result?.content) &&
          result.content.some((block) => isObject(block) && block.type === 'resource')
        );
      });
      if (embedding.length > 0)
        ctx.fail('a tool result embeds a resource, but resources is not declared', {
          expected: 'resources declared',
          actual: embedding.slice(0, 3).map((entry) => entry.message),
        });
    },
  },
  negotiatedRequestCheck({
    slug: 'server-requests-negotiated',
    title: 'No sampling, elicitation or roots request to a client that declared none',
    requirement:
      'Both parties MUST only use capabilities that were successfully negotiated: a client declaring no capabilities gets no sampling/createMessage, elicitation/create or roots/list.',
    level: 'MUST',
    spec: 'basic/lifecycle#operation',
    catalog: ['CAP-003', 'CAP-004', 'CAP-006', 'LIFE-008'],
    declare: {},
    offending: (request) =>
      ['sampling/createMessage', 'elicitation/create', 'roots/list'].includes(String(request.method)),
  }),
  negotiatedRequestCheck({
    slug: 'elicitation-mode-declared',
    title: 'No URL-mode elicitation to a client that declared form mode only',
    requirement:
      'Servers MUST NOT send elicitation requests with modes that are not supported by the client; `elicitation: {}` declares form mode only.',
    level: 'MUST',
    spec: 'client/elicitation#capabilities',
    catalog: ['CAP-005'],
    declare: { elicitation: {} },
    offending: (request, params) =>
      request.method === 'elicitation/create' && params.mode !== undefined && params.mode !== 'form',
  }),
  negotiatedRequestCheck({
    slug: 'sampling-tools-declared',
    title: 'No tool-enabled sampling to a client without sampling.tools',
    requirement:
      'Servers MUST NOT send tool-enabled sampling requests (tools or toolChoice) to clients that have not declared sampling.tools.',
    level: 'MUST',
    spec: 'client/sampling#tools-in-sampling',
    catalog: ['CAP-007'],
    declare: { sampling: {} },
    offending: (request, params) =>
      request.method === 'sampling/createMessage' && ('tools' in params || 'toolChoice' in params),
  }),
  negotiatedRequestCheck({
    slug: 'sampling-context-declared',
    title: 'No includeContext thisServer/allServers without sampling.context',
    requirement:
      'Servers SHOULD NOT use includeContext "thisServer" or "allServers" unless the client declares sampling.context.',
    level: 'SHOULD',
    spec: 'client/sampling#capabilities',
    catalog: ['CAP-008'],
    declare: { sampling: {} },
    offending: (request, params) =>
      request.method === 'sampling/createMessage' &&
      (params.includeContext === 'thisServer' || params.includeContext === 'allServers'),
  }),
  negotiatedRequestCheck({
    slug: 'no-task-augmented-requests',
    title: 'No task-augmented requests to a client without a tasks capability',
    requirement: 'If capabilities.tasks is not defined, the peer SHOULD NOT attempt to create tasks during requests.',
    level: 'SHOULD',
    spec: 'basic/utilities/tasks#capability-negotiation',
    catalog: ['CAP-009'],
    declare: { sampling: {}, elicitation: {} },
    offending: (_request, params) => isObject(params.task),
  }),
]);
