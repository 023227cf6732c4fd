// After a stdio server exits, its stdout must end too: a descendant that escaped its process
// group (setsid, a daemonizing wrapper) and still holds stdout leaves the client without an end
// of stream, the server not shut down as far as its client can tell.
import { expectThat } from '../../harness/checks/expect.js';
import type { Client } from '../../harness/lifecycles/client.js';
import { STDOUT_HELD_OPEN } from '../../harness/lifecycles/exchange.js';

/** Call once the process has exited; waits (bounded) for its stdout to end. */
export async function expectStdoutEndedWithExit(client: Client): Promise<void> {
  const holders = await client.stdoutHeldOpenAfterExit();
  expectThat(
    holders === undefined,
    `the server exited, but ${STDOUT_HELD_OPEN} after exit: a descendant outside its process group kept it`,
    {
      expected: 'stdout ends when the server exits',
      actual: `${STDOUT_HELD_OPEN} after exit${holders && holders.length > 0 ? ` by pid ${holders.join(', ')}` : ''}`,
    },
  );
}
