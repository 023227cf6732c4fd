// Runs one check definition's `run` against a context the test builds, and says how it ended.
import type { CheckContext, CheckDefinition } from '../../harness/checks/check.js';
import { CheckFailure, CheckInconclusive, CheckSkip, CheckWarning } from '../../harness/checks/outcome.js';
import type { Client } from '../../harness/lifecycles/client.js';
import type { JsonObject } from '../../harness/model.js';

export interface Ending {
  verdict: 'pass' | 'fail' | 'warn' | 'skip' | 'error';
  reason?: string;
  actual?: unknown;
}

/** `fail`, `warn`, `skip` and `sleep` are supplied; the rest of the context comes from the test. */
export async function endingOf<C extends Client>(
  check: Pick<CheckDefinition<C>, 'run'>,
  context: Partial<CheckContext<C>>,
): Promise<Ending> {
  const ctx = {
    fail: (reason: string, evidence?: object) => {
      throw new CheckFailure(reason, evidence);
    },
    warn: (reason: string, evidence?: object) => {
      throw new CheckWarning(reason, evidence);
    },
    skip: (reason: string) => {
      throw new CheckSkip(reason);
    },
    note: () => undefined,
    sleep: async () => undefined,
    ...context,
  } as unknown as CheckContext<C>;
  try {
    await check.run(ctx);
    return { verdict: 'pass' };
  } catch (error) {
    if (error instanceof CheckWarning) return { verdict: 'warn', reason: error.reason, actual: error.evidence.actual };
    if (error instanceof CheckFailure) return { verdict: 'fail', reason: error.reason, actual: error.evidence.actual };
    if (error instanceof CheckSkip) return { verdict: 'skip', reason: error.reason };
    if (error instanceof CheckInconclusive) return { verdict: 'error', reason: `inconclusive: ${error.reason}` };
    throw error;
  }
}

/** The part of a check context a tool-calling check reads besides its client: the tools, the policy, where it runs. */
export function toolCallContext(
  tools: JsonObject[],
  revision: '2025-11-25' | '2026-07-28',
  transport: 'stdio' | 'http',
) {
  return { profile: { tools }, toolCallPolicy: 'safe' as const, transport, revision, requestTimeoutMs: 3000 };
}
