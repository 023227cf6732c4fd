// 2025-11-25 _meta campaign: _meta is optional here. Absent, or an object with a string or
// integer progressToken and extension keys, the request is served; of another type, or with a
// progress token of another type, it may also be refused with -32602 or -32600.
import fc from 'fast-check';
import { legacyMeta, type LegacyMeta } from '../../../generators/meta/legacy-meta.js';
import type { Allowed } from '../../../harness/fuzz/case.js';
import { defineCampaign, fuzzProperty } from '../../../harness/fuzz/property.js';
import { caseId, messageStep, requestBytes, requestSlot } from '../../../harness/fuzz/templates/requests.js';
import type { JsonObject } from '../../../harness/model.js';

const INVALID_PARAMS = -32602;
const INVALID_REQUEST = -32600;
const PARSE_ERROR = -32700;

function metaValue(meta: LegacyMeta): unknown {
  if (meta.shape === 'other') return meta.other;
  const out: JsonObject = { ...meta.extras };
  if (meta.progressToken.set) out.progressToken = meta.progressToken.value as JsonObject;
  return out;
}

export function allowedForLegacyMeta(meta: LegacyMeta): Allowed[] {
  if (meta.shape === 'absent') return [{ answer: 'result' }];
  const token = meta.progressToken.set ? meta.progressToken.value : undefined;
  // A token past 2^53 is an integer, but one we made up that many parsers cannot hold: refusing it is allowed.
  const wellFormed =
    meta.shape === 'object' &&
    (token === undefined || typeof token === 'string' || Number.isSafeInteger(token)) &&
    Object.keys(meta.extras).length === 0;
  // A malformed _meta breaks the schema's request type itself: Invalid Request (-32600, id left out when the
  // request is not read) says that as well as -32602 does; the checks warn where the code strays further.
  const refusals: Allowed[] = [
    { answer: 'error', codes: [INVALID_PARAMS, INVALID_REQUEST] },
    { answer: 'idless-error', codes: [INVALID_REQUEST, PARSE_ERROR] },
  ];
  return wellFormed ? [{ answer: 'result' }] : [{ answer: 'result' }, ...refusals];
}

const metaShapes = fuzzProperty<{ meta: LegacyMeta; nonce: number }>({
  slug: 'meta-shapes',
  title: 'A request’s optional _meta of any shape gets a result, or -32602 when it is malformed',
  requirement:
    '_meta is optional on requests; a well-formed one (an object, with progressToken a string or integer when present) never stops a request being served. One of another type, or with a mistyped progressToken, may be refused with Invalid params (-32602).',
  level: 'MUST',
  spec: 'basic#meta',
  catalog: ['META-001', 'RPC-004'],
  arbitrary: () => fc.record({ meta: legacyMeta(), nonce: fc.nat() }),
  plan({ meta, nonce }, env) {
    const id = caseId(nonce, 0);
    const params =
      meta.shape === 'absent'
        ? { ...env.dialect.cheap.params }
        : { ...env.dialect.cheap.params, _meta: metaValue(meta) as JsonObject };
    const request = requestBytes(env, id, env.dialect.cheap.method, params);
    const what = `${request.method} with _meta ${meta.shape === 'absent' ? 'absent' : JSON.stringify(params._meta).slice(0, 120)}`;
    return {
      steps: [
        messageStep(
          env,
          what,
          request.text,
          [requestSlot(what, id, request.method, allowedForLegacyMeta(meta))],
          request.headers,
        ),
      ],
    };
  },
});

export default defineCampaign('2025-11-25', 'meta', [metaShapes]);
