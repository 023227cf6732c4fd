// 2025-11-25 stdio transport rules: stdout carries only messages; closing stdin ends the server.
import { defineArea } from '../../harness/checks/check.js';
import type { SessionClient } from '../../harness/lifecycles/session-client.js';
import { stdoutCheck } from '../shared/wire-checks.js';
import { exitedOrIdle, exitWindowFor } from '../shared/exit-window.js';
import { expectStdoutEndedWithExit } from '../shared/stdout-closed.js';

export default defineArea('2025-11-25', 'stdio', [
  stdoutCheck<SessionClient>('basic/transports#stdio', ['STDIO-001', 'STDIO-002', 'RPC-013']),
  {
    slug: 'exit-on-stdin-close',
    title: 'The server exits when the client closes its stdin',
    requirement:
      "Over stdio the client SHOULD shut down by closing the server's input stream and waiting for it to exit, sending SIGTERM only if it does not exit within a reasonable time; so a server exits once stdin closes. A server still running past the window is judged only when idle (no CPU used, not running, in the second after); a busy one is inconclusive.",
    level: 'SHOULD',
    spec: 'basic/lifecycle#stdio',
    catalog: ['STDIO-006', 'LIFE-010'],
    transports: ['stdio'],
    connection: 'fresh',
    async run(ctx) {
      const started = performance.now();
      if (!ctx.client.endInput()) ctx.skip(ctx.client.whyNoInputEnd() ?? 'stdin could not be closed');
      // "A reasonable time": longer for a server that answered slowly on this connection.
      const window = exitWindowFor(ctx);
      const exited = await exitedOrIdle(ctx, window);
      if (!exited)
        ctx.fail(`the server was still running ${window} ms after its stdin closed, idle`, {
          expected: 'exit after stdin EOF',
          actual: 'still running',
        });
      ctx.note(
        `exited ${Math.round(performance.now() - started)} ms after stdin closed (${ctx.client.exitDescription()})`,
      );
      await expectStdoutEndedWithExit(ctx.client);
    },
  },
]);
