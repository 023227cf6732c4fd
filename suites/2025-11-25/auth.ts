// 2025-11-25 authorization, the resource server's side (suites/shared/auth-checks.ts): POST, and
// the GET stream and DELETE of a session, each refused without a token; then the checks that
// need issued tokens (suites/shared/auth-token-checks.ts).
import { defineArea } from '../../harness/checks/check.js';
import { authChecks } from '../shared/auth-checks.js';
import { authorizationServerMetadata } from '../shared/auth-server-metadata.js';
import { authTokenChecks } from '../shared/auth-token-checks.js';

const AUTH = 'basic/authorization';

export default defineArea('2025-11-25', 'auth', [
  ...authChecks({
    unauthenticated: { spec: `${AUTH}#error-handling`, catalog: ['AUTH-007'] },
    discovery: { spec: `${AUTH}#protected-resource-metadata-discovery-requirements`, catalog: ['AUTH-002'] },
    document: { spec: `${AUTH}#authorization-server-location`, catalog: ['AUTH-001'] },
    invalidToken: { spec: `${AUTH}#token-handling`, catalog: ['AUTH-004'] },
    scope: { spec: `${AUTH}#protected-resource-metadata-discovery-requirements`, catalog: ['AUTH-003'] },
    otherMethods: ['GET', 'DELETE'],
  }),
  authorizationServerMetadata({ spec: `${AUTH}#authorization-server-metadata-discovery`, catalog: ['AUTH-001'] }),
  ...authTokenChecks({
    tokenHandling: { spec: `${AUTH}#token-handling`, catalog: ['AUTH-004'] },
    audience: { spec: `${AUTH}#token-handling`, catalog: ['AUTH-005'] },
    errorHandling: { spec: `${AUTH}#error-handling`, catalog: ['AUTH-007'] },
    queryToken: { spec: `${AUTH}#token-requirements`, catalog: ['AUTH-007'] },
    everyRequest: { spec: `${AUTH}#error-handling`, catalog: ['AUTH-007', 'HTTP-013'] },
    insufficientScope: { spec: `${AUTH}#runtime-insufficient-scope-errors`, catalog: ['AUTH-006'] },
  }),
]);
