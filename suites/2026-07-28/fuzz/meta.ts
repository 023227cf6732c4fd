// 2026-07-28 _meta campaign: every request carries its own _meta, and each is judged alone.
// Missing or mistyped required keys get -32602 (HTTP 400), an unsupported version -32022 with
// its data, and optional or unknown members a result (or -32602 where the spec allows it).
import fc from 'fast-check';
import { assignField, type Field } from '../../../generators/builders/field.js';
import { LOG_LEVELS } from '../../../generators/meta/log-level.js';
import { requestMeta, type RequestMeta } from '../../../generators/meta/request-meta.js';
import type { Allowed } from '../../../harness/fuzz/case.js';
import { MODERN_VERSION } from '../../../harness/fuzz/dialect.js';
import { defineCampaign, fuzzProperty, type FuzzEnv } from '../../../harness/fuzz/property.js';
import { caseId, messageStep, requestBytes, requestSlot } from '../../../harness/fuzz/templates/requests.js';
import {
  CLIENT_CAPABILITIES_KEY,
  CLIENT_INFO_KEY,
  LOG_LEVEL_KEY,
  PROTOCOL_VERSION_KEY,
} from '../../../harness/lifecycles/meta.js';
import { isObject, type JsonObject } from '../../../harness/model.js';

const INVALID_PARAMS = -32602;
const INVALID_REQUEST = -32600;
const UNSUPPORTED_VERSION = -32022;
const HEADER_MISMATCH = -32020;

const CLIENT_ERRORS = Array.from({ length: 100 }, (_, i) => 400 + i);
// Discovery may list modern versions only; the probe's initialize tells a dual-era server too.
const isDualEra = (env: FuzzEnv) =>
  (env.profile.supportedVersions ?? []).some((version) => version < MODERN_VERSION) ||
  (env.claimed ?? []).some((revision) => revision < MODERN_VERSION);
const isImplementation = (value: unknown) =>
  isObject(value) && typeof value.name === 'string' && typeof value.version === 'string';
const wellTypedCapabilities = (value: unknown) =>
  isObject(value) &&
  ['elicitation', 'sampling', 'roots', 'experimental', 'extensions'].every(
    (key) => value[key] === undefined || isObject(value[key]),
  );

/** No protocol version in _meta: what a 2025-11-25 client sends (its _meta may carry other keys), so a dual-era server may take it for legacy traffic. */
const legacyLooking = (meta: RequestMeta) => meta.container.kind !== 'object' || !meta.protocolVersion.set;

/** What the spec lets the server answer to a request with this _meta (everything else well formed). */
export function allowedForMeta(meta: RequestMeta, env: FuzzEnv): Allowed[] {
  const version = meta.protocolVersion.set ? meta.protocolVersion.value : undefined;
  const http = env.transport === 'http';
  const mismatch = http && version !== MODERN_VERSION ? [HEADER_MISMATCH] : [];
  const malformed =
    meta.container.kind !== 'object' ||
    typeof version !== 'string' ||
    !(meta.clientCapabilities.set && isObject(meta.clientCapabilities.value));
  // A dual-era server may take a request with no modern _meta keys for legacy traffic: any error then, 4xx on HTTP.
  // On a fresh stdio connection such a request may open legacy traffic, where serving one before initialize is unspecified.
  // Over HTTP legacy traffic is refused before it is parsed (2025-11-25: no session id, HTTP 400), so the error may carry no id.
  // Over HTTP the MCP-Protocol-Version header names the era: a dated earlier revision may send the request to legacy handling too.
  const legacyHeader =
    http && typeof version === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(version) && version < MODERN_VERSION;
  if (malformed && (legacyLooking(meta) || legacyHeader) && isDualEra(env))
    return [
      { answer: 'error', status: http ? CLIENT_ERRORS : undefined },
      ...(http ? [{ answer: 'idless-error' as const }] : [{ answer: 'result' as const }]),
    ];
  // A _meta that is not an object breaks the schema's request shape itself: -32600 says that as well as -32602 does.
  const shapeCodes = meta.container.kind === 'not-object' ? [INVALID_REQUEST] : [];
  const supportedElsewhere =
    version !== MODERN_VERSION && (env.profile.supportedVersions ?? []).includes(version as string);
  // Two things wrong at once (a version it does not serve, and a missing member): the spec orders no checks, so -32022 may come first.
  const unsupportedToo =
    typeof version === 'string' && version !== MODERN_VERSION && !supportedElsewhere ? [UNSUPPORTED_VERSION] : [];
  if (malformed)
    return [
      {
        answer: 'error',
        codes: [INVALID_PARAMS, ...shapeCodes, ...unsupportedToo, ...mismatch],
        status: http ? [400] : undefined,
      },
    ];
  // Optional members of the wrong shape, unknown keys and an unknown log level may be refused or ignored.
  const mistyped =
    (meta.clientCapabilities.set && !wellTypedCapabilities(meta.clientCapabilities.value)) ||
    (meta.clientInfo.set && !isImplementation(meta.clientInfo.value)) ||
    (meta.logLevel.set && !LOG_LEVELS.includes(meta.logLevel.value as string)) ||
    Object.keys(meta.extras).length > 0;
  if (version !== MODERN_VERSION && !supportedElsewhere) {
    return [
      {
        answer: 'error',
        codes: [UNSUPPORTED_VERSION],
        rules: [{ kind: 'unsupported-version-data', requested: version }],
        status: http ? [400] : undefined,
      },
      ...(mismatch.length > 0 ? [{ answer: 'error' as const, codes: mismatch, status: [400] }] : []),
      // Two things wrong at once: the spec orders no checks, so the mistyped member's -32602 may come first.
      ...(mistyped ? [{ answer: 'error' as const, codes: [INVALID_PARAMS] }] : []),
      // A dual-era server may send a request whose header names an earlier revision to its legacy handling, which refuses it as that era does.
      ...(legacyHeader && isDualEra(env)
        ? [{ answer: 'error' as const, status: CLIENT_ERRORS }, { answer: 'idless-error' as const }]
        : []),
    ];
  }
  const doubtful = supportedElsewhere || mistyped;
  const refusals: Allowed[] = doubtful
    ? [{ answer: 'error', codes: [INVALID_PARAMS, ...(supportedElsewhere ? [UNSUPPORTED_VERSION] : []), ...mismatch] }]
    : [];
  return [{ answer: 'result' }, ...refusals];
}

function metaObject(meta: RequestMeta): JsonObject {
  const out: JsonObject = { ...meta.extras };
  const fields: Array<[string, Field]> = [
    [PROTOCOL_VERSION_KEY, meta.protocolVersion],
    [CLIENT_CAPABILITIES_KEY, meta.clientCapabilities],
    [CLIENT_INFO_KEY, meta.clientInfo],
    [LOG_LEVEL_KEY, meta.logLevel],
  ];
  for (const [key, field] of fields) {
    delete out[key];
    assignField(out, key, field);
  }
  return out;
}

const judgedAlone = fuzzProperty<{ meta: RequestMeta; discover: boolean; nonce: number }>({
  slug: 'judged-alone',
  title: 'Every request is judged by its own _meta: the spec’s error for what is missing or wrong, else a result',
  requirement:
    'Each request carries _meta with a string protocolVersion and an object clientCapabilities; without them it is malformed: -32602, HTTP 400. An unsupported version gets -32022 with data.supported and data.requested (HTTP 400). clientInfo, logLevel and other keys are optional; a request otherwise well formed gets a result.',
  level: 'MUST',
  spec: 'basic#meta',
  catalog: ['META-001', 'META-002', 'META-003', 'META-004', 'META-013', 'VER-003', 'RPC-017'],
  arbitrary: () => fc.record({ meta: requestMeta(MODERN_VERSION), discover: fc.boolean(), nonce: fc.nat() }),
  plan({ meta, discover, nonce }, env) {
    const id = caseId(nonce, 0);
    const method = discover ? 'server/discover' : env.dialect.cheap.method;
    const container = meta.container;
    const params =
      container.kind === 'not-object' ? { _meta: container.value as JsonObject } : { _meta: metaObject(meta) };
    const shape = container.kind === 'no-params' ? { omitParams: true } : { omitMeta: true };
    const request = requestBytes(env, id, method, container.kind === 'no-meta' ? {} : params, shape);
    const what = `${method} with _meta ${container.kind === 'object' ? JSON.stringify(params._meta).slice(0, 160) : container.kind}`;
    // A dual-era stdio server may take a request without modern _meta as the start of legacy traffic for the whole connection.
    const freshAfter = env.transport === 'stdio' && isDualEra(env) && legacyLooking(meta);
    const slot = { ...requestSlot(what, id, method, allowedForMeta(meta, env)), otherEra: freshAfter || undefined };
    return { steps: [messageStep(env, what, request.text, [slot], request.headers)], freshAfter };
  },
});

export default defineCampaign('2026-07-28', 'meta', [judgedAlone]);
