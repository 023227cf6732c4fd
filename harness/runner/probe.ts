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
function silenceReason(connection: Connection, exchange: Exchange, recorder: WireRecorder, settings: RunSettings): string {
  if (connection instanceof StdioConnection) {
    const stderr = stderrGist(connection.process.stderr.toString());
    const pollution = recorder.entries.find((entry) => entry.connection === connection.name && entry.kind === 'pollution');
    if (connection.process.exitStatus?.endedBy === 'spawn-error') return connection.exitDescription();
    if (!connection.process.running || exchange.transportError) {
      return `${exchange.transportError ?? connection.exitDescription()} before answering${stderr ? `; stderr: ${stderr}` : ''}`;
    }
    if (pollution) return `server wrote only non-JSON-RPC output to stdout (${pollution.note}): ${JSON.stringify((pollution.text ?? '').slice(0, 120))}`;
    return `server did not answer within ${settings.requestTimeoutMs} ms${stderr ? `; stderr: ${stderr}` : ''}`;
  }
  if (exchange.transportError) return exchange.transportError;
  if (exchange.timedOut) return `${describeTarget(settings.target)} did not answer within ${settings.requestTimeoutMs} ms`;
  if (exchange.http) return `HTTP ${exchange.http.status} from ${describeTarget(settings.target)} without a JSON-RPC response`;
  return describeOutcome(exchange);
}

export async function probeTarget(settings: RunSettings, recorder = new WireRecorder()): Promise<ProbeOutcome> {
  const context = { recorder };
  const evidence: string[] = [];
  const claimed = new Set<Revision>();
  const defaults = { timeoutMs: settings.requestTimeoutMs, checkId: 'probe' };
  let answered = false;
  const silences: string[] = [];

  const modern = openConnection(settings.target, context, settings.limits);
  try {
    const exchange = await new StatelessClient(modern, defaults).request('server/discover');
    const result = resultOf(exchange);
    const error = exchange.response?.error;
    if (result) {
      answered = true;
      const versions = claimedFrom(result.supportedVersions);
      evidence.push(`server/discover lists supportedVersions ${JSON.stringify(result.supportedVersions)}`);
      versions.forEach((v) => claimed.add(v));
    } else if (isObject(error) && error.code === -32022 && isObject(error.data)) {
      answered = true;
      evidence.push(`server/discover: unsupported protocol version, supported ${JSON.stringify(error.data.supported)}`);
      claimedFrom(error.data.supported).forEach((v) => claimed.add(v));
    } else if (exchange.response) {
      answered = true;
      evidence.push(`server/discover answered ${describeOutcome(exchange)}`);
    } else {
      silences.push(silenceReason(modern, exchange, recorder, settings));
      evidence.push(`server/discover: ${describeOutcome(exchange)}`);
    }
  } finally {
    await modern.close();
  }

  if (!claimed.has('2025-11-25')) {
    const legacy = openConnection(settings.target, context, settings.limits);
    try {
      const client = new SessionClient(legacy, defaults);
      const exchange = await client.initialize();
      const result = resultOf(exchange);
      if (result) {
        answered = true;
        evidence.push(`initialize (${LEGACY_VERSION}) negotiated ${JSON.stringify(result.protocolVersion)}`);
        if (typeof result.protocolVersion === 'string' && isRevision(result.protocolVersion) && result.protocolVersion === LEGACY_VERSION) {
          claimed.add('2025-11-25');
        }
      } else if (exchange.response) {
        answered = true;
        evidence.push(`initialize answered ${describeOutcome(exchange)}`);
      } else {
        silences.push(silenceReason(legacy, exchange, recorder, settings));
        evidence.push(`initialize: ${describeOutcome(exchange)}`);
      }
    } finally {
      await legacy.close();
    }
  }

  const outcome: ProbeOutcome = { claimed: REVISIONS.filter((r) => claimed.has(r)), evidence };
  if (!answered) outcome.unreachable = silences[0] ?? 'target produced no JSON-RPC response';
  return outcome;
}
