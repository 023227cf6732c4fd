// 2025-11-25 authorization campaign (HTTP, a target given a token): credentials no authorization
// server issued are refused, inside the session as on its first request.
import { defineCampaign } from '../../../harness/fuzz/property.js';
import { invalidAuthorizationProperty } from '../../../harness/fuzz/templates/authorization.js';

export default defineCampaign('2025-11-25', 'auth', [
  invalidAuthorizationProperty('basic/authorization#token-handling', ['AUTH-004', 'AUTH-007']),
]);
