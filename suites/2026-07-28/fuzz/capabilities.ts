// 2026-07-28 capabilities campaign: the calls that may need a client capability (tools/call,
// prompts/get, resources/read), each with a declared clientCapabilities of any shape. A server may
// ask only for what the request declared, or refuse with -32021 naming what is missing.
import fc from 'fast-check';
import { promptArguments } from '../../../generators/arguments/prompt-arguments.js';
import { validArguments } from '../../../generators/arguments/valid-arguments.js';
import { clientCapabilities } from '../../../generators/capabilities/client-capabilities.js';
import type { Allowed } from '../../../harness/fuzz/case.js';
import { defineCampaign, fuzzProperty, type FuzzEnv } from '../../../harness/fuzz/property.js';
import { caseId, messageStep, requestBytes, requestSlot } from '../../../harness/fuzz/templates/requests.js';
import { callableTools, cappedUnderWait } from '../../../harness/fuzz/templates/tool-arguments.js';
import { offers } from '../../../harness/lifecycles/profile.js';
import { isObject, type JsonObject } from '../../../harness/model.js';

interface Offered {
  method: 'tools/call' | 'prompts/get' | 'resources/read';
  params: JsonObject;
  label: string;
}

/** At most this many calls per case: every offered call, each with the case's capabilities. */
const MAX_CALLS = 12;

function offeredCalls(env: FuzzEnv): fc.Arbitrary<Offered>[] {
  const options: fc.Arbitrary<Offered>[] = [];
  const tools = callableTools(env);
  for (const tool of typeof tools === 'string' ? [] : tools) {
    const args = validArguments(tool.schema);
    if (args)
      options.push(
        args.map((made) => ({
          method: 'tools/call',
          params: { name: tool.name, arguments: cappedUnderWait(env, tool.name, made.value as JsonObject) },
          label: `tools/call ${tool.name} (${made.label})`,
        })),
      );
  }
  const prompts = offers(env.profile, 'prompts') ? env.profile.prompts.filter((p) => typeof p.name === 'string') : [];
  for (const prompt of prompts) {
    const declared = Array.isArray(prompt.arguments)
      ? prompt.arguments.filter(isObject).filter((a) => typeof a.name === 'string')
      : [];
    options.push(
      promptArguments(declared as Array<{ name: string; required?: boolean }>).map((args) => ({
        method: 'prompts/get',
        params: { name: prompt.name as string, arguments: args },
        label: `prompts/get ${String(prompt.name)}`,
      })),
    );
  }
  const uris = offers(env.profile, 'resources')
    ? env.profile.resources.map((r) => r.uri).filter((u): u is string => typeof u === 'string')
    : [];
  if (uris.length > 0)
    options.push(
      fc
        .constantFrom(...uris)
        .map((uri) => ({ method: 'resources/read', params: { uri }, label: `resources/read ${uri}` })),
    );
  return options.slice(0, MAX_CALLS);
}

const declaredOnly = fuzzProperty<{ calls: Offered[]; capabilities: Record<string, unknown>; nonce: number }>({
  slug: 'declared-only',
  title: 'A request gets input requests only for capabilities it declared, or -32021 naming the missing one',
  requirement:
    'A server MUST NOT send an input request for a client capability the request did not declare (elicitation form or url mode, sampling, sampling.tools, roots); when it needs one that is missing it answers -32021 with data.requiredCapabilities naming it (HTTP 400), or serves the request without it. Each case makes every offered call with one generated clientCapabilities.',
  level: 'MUST',
  spec: 'basic#meta',
  catalog: ['META-007', 'MRTR-004', 'MRTR-005'],
  // A case is one call of everything the server offers.
  runsFactor: 0.3,
  arbitrary(env) {
    const calls = offeredCalls(env);
    if (calls.length === 0)
      return 'server offers nothing that could need a client capability (no callable tool, prompt or resource)';
    return fc.record({ calls: fc.tuple(...calls), capabilities: clientCapabilities(), nonce: fc.nat() });
  },
  plan({ calls, capabilities, nonce }, env) {
    const steps = calls.map((call, index) => {
      const id = caseId(nonce, index);
      const request = requestBytes(env, id, call.method, call.params, { capabilities });
      const allow: Allowed[] = [
        {
          answer: 'error',
          codes: [-32021],
          rules: [{ kind: 'names-missing-capability', declared: capabilities }],
          status: env.transport === 'http' ? [400] : undefined,
        },
        { answer: 'result', rules: [{ kind: 'declared-input-requests', declared: capabilities }] },
        { answer: 'error' },
      ];
      const what = `${call.label} declaring ${JSON.stringify(capabilities)}`;
      return messageStep(
        env,
        what,
        request.text,
        [{ ...requestSlot(what, id, call.method, allow), patient: true }],
        request.headers,
      );
    });
    return { steps };
  },
});

export default defineCampaign('2026-07-28', 'capabilities', [declaredOnly]);
