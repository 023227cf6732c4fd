// 2026-07-28 rules that hold for every message of the run.
import { defineArea } from '../../harness/checks/check.js';
import type { StatelessClient } from '../../harness/lifecycles/stateless-client.js';
import { requestsAnsweredCheck, responsesMatchRequestsCheck, schemaCheck } from '../shared/wire-checks.js';

export default defineArea('2026-07-28', 'wire', [
  schemaCheck<StatelessClient>('basic#messages', ['RPC-001', 'RPC-004', 'RPC-005']),
  responsesMatchRequestsCheck<StatelessClient>('basic#result-responses', ['RPC-003', 'RPC-006']),
  requestsAnsweredCheck<StatelessClient>('basic#messages', ['RPC-001']),
]);
