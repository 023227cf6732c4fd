// 2026-07-28 stdio transport rules.
import { defineArea } from '../../harness/checks/check.js';
import type { StatelessClient } from '../../harness/lifecycles/stateless-client.js';
import { stdoutCheck } from '../shared/wire-checks.js';

export default defineArea('2026-07-28', 'stdio', [stdoutCheck<StatelessClient>('basic/transports/stdio#sending-messages', ['STDIO-001', 'STDIO-002'])]);
