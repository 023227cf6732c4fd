// 2025-11-25 authorization, the resource server's side (suites/shared/auth-checks.ts): POST, and
// the GET stream and DELETE of a session, each refused without a token.
import { defineArea } from '../../harness/checks/check.js';
import { authChecks } from '../shared/auth-checks.js';

const AUTH = 'basic/authorization';

export default defineArea(
  '2025-11-25',
  'auth',
  authChecks({
    unauthenticated: { spec: `${AUTH}#error-handling`, catalog: ['AUTH-007'] },
    discovery: { spec: `${AUTH}#protected-resource-metadata-discovery-requirements`, catalog: ['AUTH-002'] },
    document: { spec: `${AUTH}#authorization-server-location`, catalog: ['AUTH-001'] },
    invalidToken: { spec: `${AUTH}#token-handling`, catalog: ['AUTH-004'] },
    scope: { spec: `${AUTH}#protected-resource-metadata-discovery-requirements`, catalog: ['AUTH-003'] },
    otherMethods: ['GET', 'DELETE'],
  }),
);
