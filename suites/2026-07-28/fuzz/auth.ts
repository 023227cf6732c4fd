// 2026-07-28 authorization campaign (HTTP, a target given a token): credentials no authorization
// server issued are refused on every request, which no session remembers.
import { defineCampaign } from '../../../harness/fuzz/property.js';
import { invalidAuthorizationProperty } from '../../../harness/fuzz/templates/authorization.js';

export default defineCampaign('2026-07-28', 'auth', [
  invalidAuthorizationProperty('basic/authorization#token-handling', ['AUTH-001', 'AUTH-004']),
]);
