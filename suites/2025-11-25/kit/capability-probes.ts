// What the capability checks send: one probe request per server capability, and the pattern of
// "declare these client capabilities, use the server, see what it asks of us".
import type { CheckDefinition } from '../../../harness/checks/check.js';
import type { ServerProfile } from '../../../harness/lifecycles/profile.js';
import type { SessionClient } from '../../../harness/lifecycles/session-client.js';
import { isObject, type JsonObject, type Level } from '../../../harness/model.js';
import { barrier } from '../../shared/barrier.js';
import { exercise, serverRequestsSince, sessionDeclaring, wireMark } from './helpers.js';

export interface CapabilityProbe {
  capability: string;
  declared: boolean;
  method: string;
  params: JsonObject;
  /** One of the five features a server MUST declare when it serves them. */
  topLevel: boolean;
  /** Cheap and side-effect free enough to send whenever the capability is declared. */
  basic: boolean;
}

/** After the exercise, how long to wait for requests still on their way. */
const SETTLE_MS = 200;

export function capabilityProbes(profile: ServerProfile): CapabilityProbe[] {
  const caps = profile.capabilities ?? {};
  const sub = (key: string) => (isObject(caps[key]) ? (caps[key] as JsonObject) : undefined);
  const tasks = sub('tasks');
  const prompt = profile.prompts.find((p) => typeof p.name === 'string')?.name ?? 'x-mcp-conform';
  const uri = profile.resources.find((r) => typeof r.uri === 'string')?.uri ?? 'x-mcp-conform://none';
  const probe = (
    capability: string,
    declared: boolean,
    method: string,
    params: JsonObject,
    topLevel: boolean,
    basic: boolean,
  ): CapabilityProbe => ({
    capability,
    declared,
    method,
    params,
    topLevel,
    basic,
  });
  return [
    probe('tools', sub('tools') !== undefined, 'tools/list', {}, true, true),
    probe('resources', sub('resources') !== undefined, 'resources/list', {}, true, true),
    probe('prompts', sub('prompts') !== undefined, 'prompts/list', {}, true, true),
    probe('logging', sub('logging') !== undefined, 'logging/setLevel', { level: 'error' }, true, true),
    probe(
      'completions',
      sub('completions') !== undefined,
      'completion/complete',
      { ref: { type: 'ref/prompt', name: prompt }, argument: { name: 'x', value: '' } },
      true,
      false,
    ),
    probe('resources.subscribe', sub('resources')?.subscribe === true, 'resources/subscribe', { uri }, false, false),
    probe('tasks.list', isObject(tasks?.list), 'tasks/list', {}, false, false),
    probe('tasks.cancel', isObject(tasks?.cancel), 'tasks/cancel', { taskId: 'x-mcp-conform-missing' }, false, false),
  ];
}

export interface NegotiatedRequestSpec {
  slug: string;
  title: string;
  requirement: string;
  level: Level;
  spec: string;
  catalog: string[];
  /** The client capabilities the session declares. */
  declare: JsonObject;
  /** A server request this client did not make room for. */
  offending(request: JsonObject, params: JsonObject): boolean;
}

/** Declares `declare`, uses everything the server offers, and fails on any offending server request. */
export function negotiatedRequestCheck(spec: NegotiatedRequestSpec): CheckDefinition<SessionClient> {
  const { declare, offending, ...meta } = spec;
  return {
    ...meta,
    async run(ctx) {
      const mark = wireMark(ctx);
      const client = await sessionDeclaring(ctx, declare);
      await exercise(ctx, client);
      await ctx.sleep(SETTLE_MS);
      await barrier(client, 'the requests that exercise the server');
      const requests = serverRequestsSince(ctx, client.connection.name, mark);
      const bad = requests.filter((request) => offending(request, isObject(request.params) ? request.params : {}));
      if (bad.length > 0) {
        ctx.fail(
          `the server sent ${bad.map((r) => String(r.method)).join(', ')} to a client declaring ${JSON.stringify(declare)}`,
          {
            expected: 'no request the client did not declare',
            actual: bad.slice(0, 5),
          },
        );
      }
      ctx.note(
        `${requests.length} server request(s) seen: ${[...new Set(requests.map((r) => String(r.method)))].join(', ') || 'none'}`,
      );
    },
  };
}
