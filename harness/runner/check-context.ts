// The context a check runs in: its client, the run's profile and wire log, fresh connections it
// owns, and the calls that end it (fail, warn, skip, inconclusive).
import type { Check, CheckContext, FreshOptions } from '../checks/check.js';
import { CheckFailure, CheckInconclusive, CheckSkip, CheckWarning, type Evidence } from '../checks/outcome.js';
import type { Client } from '../lifecycles/client.js';
import type { Revision } from '../model.js';
import type { RevisionSession } from './revision-session.js';

export function makeContext(
  check: Check,
  session: RevisionSession,
  client: Client,
  own: Client[],
  notes: string[],
  timeoutMs: number,
): CheckContext {
  const openOwn = async (options: FreshOptions | undefined, revision: Revision = session.revision): Promise<Client> => {
    const fresh = await session.open(check.id, options, revision, timeoutMs);
    own.push(fresh);
    return fresh;
  };
  const ctx: CheckContext<Client> = {
    check,
    revision: session.revision,
    transport: session.settings.target.kind,
    client,
    profile: session.profile!,
    schema: session.validator,
    strict: session.settings.strict,
    requestTimeoutMs: timeoutMs,
    toolCallPolicy: session.settings.toolCalls,
    authTokens: session.settings.authTokens,
    authFollow: session.settings.authFollow,
    wire: session.recorder,
    fresh: (options?: FreshOptions) => openOwn(options),
    freshAs: (<R extends Revision>(revision: R, options?: FreshOptions) =>
      openOwn(options, revision)) as CheckContext['freshAs'],
    fail: (reason: string, evidence?: Evidence): never => {
      throw new CheckFailure(reason, evidence);
    },
    warn: (reason: string, evidence?: Evidence): never => {
      throw new CheckWarning(reason, evidence);
    },
    skip: (reason: string): never => {
      throw new CheckSkip(reason);
    },
    inconclusive: (reason: string, evidence?: Evidence): never => {
      throw new CheckInconclusive(reason, evidence);
    },
    note: (text: string) => {
      notes.push(text);
    },
    sleep: (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
  return ctx;
}
