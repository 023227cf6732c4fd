// 2025-11-25 capabilities campaign: each case runs on a fresh session whose initialize declared
// a generated set of client capabilities, and calls a tool. The server may send sampling,
// elicitation or roots requests only for what the session declared.
import fc from 'fast-check';
import { validArguments } from '../../../generators/arguments/valid-arguments.js';
import { toolCall, type ToolCallInput } from '../../../generators/arguments/tool-call.js';
import { clientCapabilities } from '../../../generators/capabilities/client-capabilities.js';
import { defineCampaign, fuzzProperty } from '../../../harness/fuzz/property.js';
import { ANSWERED, caseId, messageStep, requestBytes, requestSlot } from '../../../harness/fuzz/templates/requests.js';
import { callableTools, cappedUnderWait } from '../../../harness/fuzz/templates/tool-arguments.js';
import type { JsonObject } from '../../../harness/model.js';

const sessionDeclaredOnly = fuzzProperty<{ call: ToolCallInput; capabilities: Record<string, unknown>; nonce: number }>(
  {
    slug: 'declared-only',
    title: 'The server uses only the client capabilities the session declared',
    requirement:
      'Both parties MUST only use capabilities that were successfully negotiated: no sampling/createMessage without sampling (tool use needs sampling.tools), no elicitation/create in a mode the client did not declare, no roots/list without roots.',
    level: 'MUST',
    spec: 'basic/lifecycle#operation',
    catalog: ['LIFE-008'],
    // Each case starts a fresh session (a new process on stdio).
    runsFactor: 0.3,
    arbitrary(env) {
      const tools = callableTools(env);
      if (typeof tools === 'string') return tools;
      const call = toolCall(tools, validArguments);
      return call
        ? fc.record({ call, capabilities: clientCapabilities(), nonce: fc.nat() })
        : 'no arguments could be generated for any callable tool';
    },
    plan({ call, capabilities, nonce }, env) {
      const id = caseId(nonce, 0);
      const request = requestBytes(env, id, 'tools/call', {
        name: call.tool,
        arguments: cappedUnderWait(env, call.tool, call.args.value as JsonObject),
      });
      const what = `tools/call ${call.tool} (${call.args.label}) on a session declaring ${JSON.stringify(capabilities)}`;
      return {
        steps: [
          messageStep(
            env,
            what,
            request.text,
            [{ ...requestSlot(what, id, 'tools/call', ANSWERED), patient: true }],
            request.headers,
          ),
        ],
        sessionCapabilities: capabilities,
      };
    },
  },
);

export default defineCampaign('2025-11-25', 'capabilities', [sessionDeclaredOnly]);
