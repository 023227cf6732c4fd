// Rules a slot puts on the content of an answer, beyond its envelope. Each returns what is wrong,
// in one line, or undefined. They read only the answer and the rule's own data (saved with the case).
import { compileSchema } from '../../generators/schema/compile.js';
import { isObject, type JsonObject } from '../model.js';
import { declares, neededFor, pathsNamed, showPath } from './capabilities.js';
import type { Rule } from './case.js';

const CORE_RESULT_TYPES = ['complete', 'input_required'];

function toolResult(result: JsonObject, rule: Rule): string | undefined {
  const success = result.isError !== true && (result.resultType ?? 'complete') === 'complete';
  if (rule.kind === 'tool-error-result')
    return success
      ? 'a successful result for arguments the inputSchema rejects (expected -32602 or isError: true)'
      : undefined;
  if (rule.kind !== 'output-schema' || !success) return undefined;
  const compiled = compileSchema(rule.schema);
  if (!compiled.ok) return undefined; // an unusable outputSchema is the tools checks' business
  if (!('structuredContent' in result))
    return 'a successful result of a tool with an outputSchema has no structuredContent';
  if (compiled.validate(result.structuredContent)) return undefined;
  return `structuredContent does not match the outputSchema: ${compiled.explain(result.structuredContent).slice(0, 2).join('; ')}`;
}

function inputRequests(result: JsonObject, declared: unknown): string | undefined {
  if (result.resultType !== 'input_required' || !isObject(result.inputRequests)) return undefined;
  for (const [key, request] of Object.entries(result.inputRequests)) {
    const method = isObject(request) ? request.method : undefined;
    const missing = neededFor(method, isObject(request) ? request.params : undefined).find(
      (path) => !declares(declared, path),
    );
    if (missing)
      return `input request ${JSON.stringify(key)} (${String(method)}) needs ${showPath(missing)}, which the request did not declare`;
  }
  return undefined;
}

function missingCapabilityData(error: JsonObject, declared: unknown): string | undefined {
  const data = isObject(error.data) ? error.data : undefined;
  const required = data?.requiredCapabilities;
  if (!isObject(required)) return '-32021 without data.requiredCapabilities (an object naming what is missing)';
  const named = pathsNamed(required);
  if (named.length === 0) return '-32021 whose data.requiredCapabilities names no capability';
  if (named.every((path) => declares(declared, path)))
    return `-32021 names ${named.map(showPath).join(', ')}, all of which the request declared`;
  return undefined;
}

function unsupportedVersionData(error: JsonObject, requested: unknown): string | undefined {
  const data = isObject(error.data) ? error.data : undefined;
  if (!data || !Array.isArray(data.supported) || !data.supported.every((v) => typeof v === 'string'))
    return '-32022 without data.supported (the versions the server supports)';
  if (typeof requested === 'string' && data.requested !== requested)
    return `-32022 data.requested is ${JSON.stringify(data.requested)}, not the version sent (${JSON.stringify(requested)})`;
  return undefined;
}

/** What breaks the rule in this answer (a result, or an error object), or undefined. */
export function breaks(rule: Rule, answer: { result?: JsonObject; error?: JsonObject }): string | undefined {
  switch (rule.kind) {
    case 'tool-error-result':
    case 'output-schema':
      return answer.result ? toolResult(answer.result, rule) : undefined;
    case 'declared-input-requests':
      return answer.result ? inputRequests(answer.result, rule.declared) : undefined;
    case 'names-missing-capability':
      return answer.error?.code === -32021 ? missingCapabilityData(answer.error, rule.declared) : undefined;
    case 'unsupported-version-data':
      return answer.error?.code === -32022 ? unsupportedVersionData(answer.error, rule.requested) : undefined;
    case 'core-result-type':
      return answer.result && !CORE_RESULT_TYPES.includes(answer.result.resultType as string)
        ? `resultType ${JSON.stringify(answer.result.resultType)} is not a core one (complete, input_required), and the request advertised no extension`
        : undefined;
  }
}
