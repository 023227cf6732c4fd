// The official SDK servers in-process: each SDK's StdioServerTransport over the streams the
// harness gives, a fresh server per connection. Their verdicts equal those over stdio, but for
// the checks that watch a process exit, which skip in-process.
import { StdioServerTransport as V1Transport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { serveStdio, StdioServerTransport as V2Transport } from '@modelcontextprotocol/server/stdio';
import { describe, expect, test } from 'vitest';
import type { CheckResult } from '../../harness/results/results.js';
import { inProcessTarget, type TargetSpec } from '../../harness/target.js';
import type { InProcessServer } from '../../harness/transports/in-process-server.js';
import { createV1Server } from '../fixtures/sdk-servers/v1-features.js';
import { createV2Server } from '../fixtures/sdk-servers/v2-features.js';
import { builtFixture } from '../helpers/fixture-process.js';
import { run } from '../helpers/harness.js';

const REQUEST_TIMEOUT_MS = 2500;

/** Checks that end a server's stdin and watch its process: they skip in-process. */
const PROCESS_ONLY = new Set([
  '2025-11-25/stdio/exit-on-stdin-close',
  '2026-07-28/stdio/exits-on-stdin-close',
  '2026-07-28/subscriptions/shutdown-completes-listen',
]);

const v1: InProcessServer = {
  name: 'SDK 1.x',
  async connect({ input, output }) {
    const server = createV1Server();
    await server.connect(new V1Transport(input, output));
    return { close: () => server.close() };
  },
};

const v2: InProcessServer = {
  name: 'SDK 2.x',
  connect: ({ input, output }) =>
    serveStdio((context) => createV2Server(context), { transport: new V2Transport(input, output) }),
};

function stdio(name: string): TargetSpec {
  return { kind: 'stdio', command: process.execPath, args: [builtFixture(`fixtures/sdk-servers/${name}.ts`)] };
}

/** A verdict, with no answer in time (a loaded machine) standing for any. */
function verdictOf(check: CheckResult): string {
  return check.verdict === 'error' && check.reason?.startsWith('inconclusive:') ? 'inconclusive' : check.verdict;
}

describe.concurrent('official SDK servers in-process', () => {
  for (const [server, file] of [
    [v1, 'v1-stdio'],
    [v2, 'v2-stdio'],
  ] as const) {
    test(`${server.name}: the verdicts of stdio, process-only checks skipped`, async () => {
      const options = { requestTimeoutMs: REQUEST_TIMEOUT_MS };
      const [here, there] = await Promise.all([run(inProcessTarget(server), options), run(stdio(file), options)]);
      expect(here.probe?.claimed).toEqual(there.probe?.claimed);
      const overStdio = new Map(there.checks.map((check) => [check.id, verdictOf(check)]));
      const differing = here.checks
        .filter((check) => !PROCESS_ONLY.has(check.id))
        .filter((check) => ![verdictOf(check), 'inconclusive'].includes(overStdio.get(check.id) ?? 'absent'))
        .filter((check) => verdictOf(check) !== 'inconclusive')
        .map(
          (check) =>
            `${check.id}: ${overStdio.get(check.id)} over stdio, ${check.verdict} in-process (${check.reason})`,
        );
      expect(differing).toEqual([]);
      for (const check of here.checks.filter((c) => PROCESS_ONLY.has(c.id))) expect(check.verdict).toBe('skip');
      expect(here.summary.pass).toBeGreaterThan(0);
    });
  }
});
