// Finds out which revisions a target claims, the way a dual-era client would: a modern
// server/discover first, then a legacy initialize on a connection of its own.
import { stderrGist } from '../stderr-gist.js';
import { describeOutcome, resultOf } from '../lifecycles/profile.js';
import { SessionClient, LEGACY_VERSION } from '../lifecycles/session-client.js';
import { StatelessClient } from '../lifecycles/stateless-client.js';
import { isObject, isRevision, REVISIONS, type Revision } from '../model.js';
import { WireRecorder } from '../recorder/wire-log.js';
import { describeTarget, openConnection } from '../target.js';
import { StdioConnection } from '../transports/stdio-connection.js';
import type { Connection, Exchange } from '../transports/types.js';
import type { RunSettings } from './settings.js';

export interface ProbeOutcome {
  claimed: Revision[];
  evidence: string[];
  /** Set when the target never produced a JSON-RPC answer: why, in one line. */
  unreachable?: string;
}

function claimedFrom(versions: unknown): Revision[] {
  return Array.isArray(versions) ? REVISIONS.filter((revision) => versions.includes(revision)) : [];
}

/** Why a connection produced nothing usable, in the user's terms. */
function silenceReason(
  connection: Connection,
  exchange: Exchange,
  recorder: WireRecorder,
  settings: RunSettings,
): string {
  if (connection instanceof StdioConnection) {
    const stderr = stderrGist(connection.process.stderr.toString());
    const pollution = recorder.entries.find(
      (entry) => entry.connection === connection.name && entry.kind === 'pollution',
    );
    if (connection.process.exitStatus?.endedBy === 'spawn-error') return connection.exitDescription();
    if (!connection.process.running || exchange.transportError) {
      return `${exchange.transportError ?? connection.exitDescription()} before answering${stderr ? `; stderr: ${stderr}` : ''}`;
    }
    if (pollution)
      return `server wrote only non-JSON-RPC output to stdout (${pollution.note}): ${JSON.stringify((pollution.text ?? '').slice(0, 120))}`;
    const said =
      connection.firstOutputAt === undefined
        ? `wrote nothing on stdout within its ${settings.limits.process.startupMs} ms start-up allowance (--startup-timeout) and `
        : '';
    return `server ${said}did not answer within ${settings.requestTimeoutMs} ms${stderr ? `; stderr: ${stderr}` : ''}`;
  }
  if (exchange.transportError) return exchange.transportError;
  if (exchange.timedOut)
    return `${describeTarget(settings.target)} did not answer within ${settings.requestTimeoutMs} ms`;
  if (exchange.http)
    return `HTTP ${exchange.http.status} from ${describeTarget(settings.target)} without a JSON-RPC response`;
  return describeOutcome(exchange);
}

const PROBE_ATTEMPTS = 3;

/**
 * Sends one probe request on a connection of its own; a timeout is tried again with twice the
 * patience (a busy machine is no evidence), unless a stdio process never said a word within its
 * start-up allowance, which waiting longer would not change.
 */
async function probeOnce(
  settings: RunSettings,
  context: { recorder: WireRecorder },
  ask: (connection: Connection, timeoutMs: number) => Promise<Exchange>,
  onSilence: (connection: Connection, exchange: Exchange) => void,
  limits = settings.limits,
): Promise<{ exchange: Exchange; mute: boolean }> {
  for (let attempt = 1; ; attempt++) {
    const timeoutMs = settings.requestTimeoutMs * 2 ** (attempt - 1);
    const connection = openConnection(settings.target, context, limits);
    try {
      const exchange = await ask(connection, timeoutMs);
      const mute = connection instanceof StdioConnection && connection.firstOutputAt === undefined;
      const again = exchange.timedOut && !exchange.response && !mute && attempt < PROBE_ATTEMPTS;
      if (!again) {
        if (!exchange.response) onSilence(connection, exchange);
        return { exchange, mute };
      }
    } finally {
      await connection.close();
    }
  }
}

export async function probeTarget(settings: RunSettings, recorder = new WireRecorder()): Promise<ProbeOutcome> {
  const context = { recorder };
  const evidence: string[] = [];
  const claimed = new Set<Revision>();
  const defaults = (timeoutMs: number) => ({ timeoutMs, checkId: 'probe' });
  let answered = false;
  const silences: string[] = [];
  const silent = (connection: Connection, exchange: Exchange) =>
    silences.push(silenceReason(connection, exchange, recorder, settings));

  const first = await probeOnce(
    settings,
    context,
    (connection, timeoutMs) => new StatelessClient(connection, defaults(timeoutMs)).request('server/discover'),
    silent,
  );
  const discover = first.exchange;
  // A process that said nothing through a whole start-up allowance gets no second one.
  const limits = first.mute
    ? { ...settings.limits, process: { ...settings.limits.process, startupMs: 0 } }
    : settings.limits;
  const result = resultOf(discover);
  const error = discover.response?.error;
  if (result) {
    answered = true;
    evidence.push(`server/discover lists supportedVersions ${JSON.stringify(result.supportedVersions)}`);
    claimedFrom(result.supportedVersions).forEach((v) => claimed.add(v));
  } else if (isObject(error) && error.code === -32022 && isObject(error.data)) {
    answered = true;
    evidence.push(`server/discover: unsupported protocol version, supported ${JSON.stringify(error.data.supported)}`);
    claimedFrom(error.data.supported).forEach((v) => claimed.add(v));
  } else if (discover.response) {
    answered = true;
    evidence.push(`server/discover answered ${describeOutcome(discover)}`);
  } else {
    evidence.push(
      `server/discover: ${describeOutcome(discover)}${discover.timedOut ? ` (${PROBE_ATTEMPTS} tries, each twice as patient)` : ''}`,
    );
  }

  if (!claimed.has('2025-11-25')) {
    const { exchange: initialize } = await probeOnce(
      settings,
      context,
      (connection, timeoutMs) => new SessionClient(connection, defaults(timeoutMs)).initialize(),
      silent,
      limits,
    );
    const result = resultOf(initialize);
    if (result) {
      answered = true;
      evidence.push(`initialize (${LEGACY_VERSION}) negotiated ${JSON.stringify(result.protocolVersion)}`);
      if (
        typeof result.protocolVersion === 'string' &&
        isRevision(result.protocolVersion) &&
        result.protocolVersion === LEGACY_VERSION
      ) {
        claimed.add('2025-11-25');
      }
    } else if (initialize.response) {
      answered = true;
      evidence.push(`initialize answered ${describeOutcome(initialize)}`);
    } else {
      evidence.push(`initialize: ${describeOutcome(initialize)}`);
    }
  }

  const outcome: ProbeOutcome = { claimed: REVISIONS.filter((r) => claimed.has(r)), evidence };
  // A server/discover left unanswered while initialize is answered is a legacy server: a dual-era
  // client falls back on "any other error, or no response within a reasonable timeout" (2026-07-28).
  if (!answered) outcome.unreachable = silences[0] ?? 'target produced no JSON-RPC response';
  return outcome;
}
