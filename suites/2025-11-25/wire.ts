// 2025-11-25 rules that hold for every message of the run.
import { defineArea } from '../../harness/checks/check.js';
import type { SessionClient } from '../../harness/lifecycles/session-client.js';
import { requestsAnsweredCheck, responsesMatchRequestsCheck, schemaCheck } from '../shared/wire-checks.js';

export default defineArea('2025-11-25', 'wire', [
  schemaCheck<SessionClient>('basic#messages', ['RPC-001', 'RPC-003', 'RPC-004', 'ELIC-001', 'ELIC-002', 'SAMP-001']),
  responsesMatchRequestsCheck<SessionClient>('basic#result-responses', ['RPC-002', 'RPC-005']),
  requestsAnsweredCheck<SessionClient>('basic#messages', ['RPC-001']),
]);
