// 2026-07-28 stdio transport rules: stdout carries only newline-delimited messages, the server
// survives a bad line, serves interleaved requests by id, and exits when stdin closes.
import { cheapRequest } from '../../harness/lifecycles/sample-requests.js';
import { defineArea } from '../../harness/checks/check.js';
import { expectThat, observed } from '../../harness/checks/expect.js';
import { describeOutcome } from '../../harness/lifecycles/profile.js';
import { durationTool } from '../../harness/lifecycles/sample-requests.js';
import { whenServing } from '../../harness/lifecycles/streams.js';
import type { StatelessClient } from '../../harness/lifecycles/stateless-client.js';
import { stdoutCheck } from '../shared/wire-checks.js';
import { expectStdoutEndedWithExit } from '../shared/stdout-closed.js';
import { EXIT_FLOOR_MS, EXIT_LATENCY_FACTOR, exitedOrIdle, exitWindowFor } from '../shared/exit-window.js';
import { callableTools } from './kit/tool-calls.js';

const STDIO = 'basic/transports/stdio';
/** "Promptly" made concrete: how long a server may take to exit after stdin closes. */
const PIPELINED = 12;

export default defineArea('2026-07-28', 'stdio', [
  stdoutCheck<StatelessClient>(`${STDIO}#sending-messages`, ['STDIO-001', 'STDIO-002', 'RPC-002']),
  {
    slug: 'survives-garbage-line',
    title: 'A line that is not JSON does not stop the server',
    requirement:
      'Clients must write only valid messages, but a server should survive a line that is not JSON (answering -32700 or ignoring it) and keep serving the lines after it (robustness, inferred).',
    level: 'SHOULD',
    spec: `${STDIO}#sending-messages`,
    catalog: ['STDIO-005'],
    transports: ['stdio'],
    connection: 'fresh',
    async run(ctx) {
      await whenServing(ctx.client);
      // Waits for a -32700 answer (or, from a server that ignores the line, for the timeout).
      await ctx.client.sendRaw('mcp-conform: this line is not JSON\n', {
        expectResponse: true,
        timeoutMs: ctx.requestTimeoutMs,
      });
      const exchange = await ctx.client.request('server/discover');
      expectThat(
        exchange.response?.result !== undefined,
        `after a line that is not JSON, server/discover got ${describeOutcome(exchange)}`,
        {
          expected: 'a DiscoverResult',
          actual: observed(exchange),
        },
      );
    },
  },
  {
    slug: 'pipelined-requests',
    title: 'Interleaved requests sent without waiting are all answered, matched by id',
    requirement:
      'One process serves unrelated requests interleaved on the same stdin: requests written back to back, slow and fast, string and integer ids, each get their own response (in any order), matched by id.',
    level: 'SHOULD',
    spec: 'basic#statelessness',
    catalog: ['STDIO-009', 'META-018'],
    transports: ['stdio'],
    connection: 'fresh',
    async run(ctx) {
      const slow = durationTool(callableTools(ctx).tools);
      await whenServing(ctx.client);
      const pending = Array.from({ length: PIPELINED }, (_, i) => {
        const id = i % 2 === 0 ? `mcp-conform-pipelined-${i}` : 9000 + i;
        if (slow && i < PIPELINED - 2)
          return ctx.client.request('tools/call', { name: slow.tool.name, arguments: slow.arguments(200) }, { id });
        return ctx.client.request(
          i % 2 === 0 ? 'server/discover' : cheapRequest(ctx.profile, ctx.revision),
          {},
          { id },
        );
      });
      const exchanges = await Promise.all(pending);
      const unanswered = exchanges.filter((exchange) => !exchange.response || exchange.idTypeMismatch);
      expectThat(
        unanswered.length === 0,
        `${unanswered.length} of ${PIPELINED} pipelined requests got no response with their id; first: ${unanswered[0] ? describeOutcome(unanswered[0]) : ''}`,
        {
          expected: `${PIPELINED} responses, one per id`,
          actual: unanswered.map((exchange) => ({ id: exchange.id, outcome: describeOutcome(exchange) })),
        },
      );
      if (!slow) ctx.note('no tool takes a duration argument: the requests were all fast ones');
    },
  },
  {
    slug: 'exits-on-stdin-close',
    title: 'The server exits promptly when its stdin closes',
    requirement: `Servers SHOULD exit promptly when their standard input is closed or reads return end-of-file (here: within the larger of ${EXIT_FLOOR_MS} ms, the request timeout and ${EXIT_LATENCY_FACTOR} times the slowest answer on the connection), the main graceful-shutdown signal. A server still running past that is judged only when idle (no CPU used, not running, in the second after); a busy one is inconclusive.`,
    level: 'SHOULD',
    spec: `${STDIO}#shutdown`,
    catalog: ['STDIO-006', 'STDIO-007'],
    transports: ['stdio'],
    connection: 'fresh',
    async run(ctx) {
      expectThat(await whenServing(ctx.client), 'server/discover was not answered before stdin was closed', {
        expected: 'a DiscoverResult',
        actual: 'no answer',
      });
      if (!ctx.client.endInput()) ctx.skip(ctx.client.whyNoInputEnd() ?? 'stdin could not be closed');
      // "Promptly" for this server: longer for one that answered slowly on this connection.
      const window = exitWindowFor(ctx);
      const exited = await exitedOrIdle(ctx, window);
      expectThat(exited, `the server was still running ${window} ms after its stdin closed, idle`, {
        expected: `exit within ${window} ms`,
        actual: 'still running',
      });
      ctx.note(`exit status: ${ctx.client.exitDescription()}`);
      await expectStdoutEndedWithExit(ctx.client);
    },
  },
]);
