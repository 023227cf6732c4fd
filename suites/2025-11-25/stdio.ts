// 2025-11-25 stdio transport rules.
import { defineArea } from '../../harness/checks/check.js';
import type { SessionClient } from '../../harness/lifecycles/session-client.js';
import { stdoutCheck } from '../shared/wire-checks.js';

export default defineArea('2025-11-25', 'stdio', [stdoutCheck<SessionClient>('basic/transports#stdio', ['STDIO-001', 'STDIO-002'])]);
