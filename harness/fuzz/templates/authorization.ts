// An Authorization header no authorization server issued, on the revision's cheap request: the
// resource server refuses it before anything else, with 401 (an invalid token) or 400 (a malformed
// authorization request), and never serves it. Applies to an HTTP target given a token (--header
// Authorization: ...): without one the server's authorization is not exercised.
import fc from 'fast-check';
import { invalidAuthorization, type InvalidAuthorization } from '../../../generators/http/authorization.js';
import type { Allowed } from '../case.js';
import { fuzzProperty, type FuzzPropertyDefinition } from '../property.js';
import { caseId, messageStep, requestBytes, requestSlot } from './requests.js';

/** 401 for a token that is not valid, 400 for an authorization request that is malformed. */
export const REFUSED_STATUSES = [401, 400];

export function invalidAuthorizationProperty(spec: string, catalog: string[]): FuzzPropertyDefinition {
  return fuzzProperty<{ authorization: InvalidAuthorization; nonce: number }>({
    slug: 'invalid-authorization',
    title: 'A request whose Authorization no authorization server issued is refused with 401 or 400',
    requirement:
      'Invalid or expired tokens MUST receive an HTTP 401 response, and a malformed authorization request a 400: a resource server validates every token it is given, so none of these (opaque junk, JWTs unsigned or signed with an unknown key, other schemes, odd spellings, no credential) is served.',
    level: 'MUST',
    spec,
    catalog,
    transports: ['http'],
    arbitrary(env) {
      if (!env.authorized)
        return 'no Authorization header was given for the target (--header "Authorization: Bearer ..."): its authorization is not exercised';
      return fc.record({ authorization: invalidAuthorization(), nonce: fc.nat() });
    },
    plan({ authorization, nonce }, env) {
      const id = caseId(nonce, 0);
      const request = requestBytes(env, id);
      const refused: Allowed[] = [
        { answer: 'none', status: REFUSED_STATUSES },
        { answer: 'error', status: REFUSED_STATUSES },
      ];
      const what = `${request.method} with Authorization ${JSON.stringify(authorization.value.slice(0, 60))} (${authorization.kind})`;
      return {
        steps: [
          messageStep(env, what, request.text, [requestSlot(what, id, request.method, refused)], {
            ...request.headers,
            authorization: authorization.value,
          }),
        ],
      };
    },
  });
}
