// 2026-07-28 authorization, the resource server's side (suites/shared/auth-checks.ts): every HTTP
// request is authorized on its own, since no session remembers a client; then the checks that
// need issued tokens (suites/shared/auth-token-checks.ts).
import { defineArea } from '../../harness/checks/check.js';
import { authChecks } from '../shared/auth-checks.js';
import { authorizationServerMetadata } from '../shared/auth-server-metadata.js';
import { authTokenChecks } from '../shared/auth-token-checks.js';

const AUTH = 'basic/authorization';

export default defineArea('2026-07-28', 'auth', [
  ...authChecks({
    unauthenticated: { spec: `${AUTH}#error-handling`, catalog: ['AUTH-004'] },
    discovery: {
      spec: `${AUTH}/authorization-server-discovery#protected-resource-metadata-discovery-requirements`,
      catalog: ['AUTH-002'],
    },
    document: { spec: `${AUTH}/authorization-server-discovery#authorization-server-location`, catalog: ['AUTH-002'] },
    invalidToken: { spec: `${AUTH}#token-handling`, catalog: ['AUTH-001'] },
    scope: { spec: `${AUTH}#scope-selection-strategy`, catalog: ['AUTH-003'] },
    otherMethods: [],
  }),
  authorizationServerMetadata({
    spec: `${AUTH}/authorization-server-discovery#authorization-server-metadata-discovery`,
    catalog: ['AUTH-002'],
  }),
  ...authTokenChecks({
    tokenHandling: { spec: `${AUTH}#token-handling`, catalog: ['AUTH-001'] },
    audience: { spec: `${AUTH}#token-handling`, catalog: ['AUTH-001'] },
    errorHandling: { spec: `${AUTH}#error-handling`, catalog: ['AUTH-004'] },
    queryToken: { spec: `${AUTH}#token-requirements`, catalog: ['AUTH-004'] },
    everyRequest: { spec: `${AUTH}#error-handling`, catalog: ['AUTH-004'] },
    insufficientScope: { spec: `${AUTH}#scope-challenge-handling`, catalog: ['AUTH-003'] },
  }),
]);
