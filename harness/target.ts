// A target is what the user points the harness at: a command to spawn, a URL, or a server object
// in this process (`inProcess`, spoken to over stdio's bytes: its transport is stdio).
import type { TransportKind } from './model.js';
import type { ConnectionContext } from './transports/connection-context.js';
import type { InProcessServer } from './transports/in-process-server.js';
import { HttpConnection, DEFAULT_HTTP_LIMITS, type HttpLimits } from './transports/http-connection.js';
import { StdioConnection } from './transports/stdio-connection.js';
import { DEFAULT_PROCESS_LIMITS, type ProcessLimits } from './transports/stdio-process.js';
import type { Connection } from './transports/types.js';

export type TargetSpec =
  | {
      kind: 'stdio';
      command: string;
      args: string[];
      cwd?: string;
      env?: Record<string, string>;
      inheritEnv?: boolean;
      /** Connect to this server object over in-memory streams instead of spawning `command`. */
      inProcess?: InProcessServer;
    }
  | { kind: 'http'; url: string; headers: Record<string, string> };

export interface TransportLimits {
  process: ProcessLimits;
  http: HttpLimits;
}

export const DEFAULT_LIMITS: TransportLimits = { process: DEFAULT_PROCESS_LIMITS, http: DEFAULT_HTTP_LIMITS };

/** The default limits with another start-up allowance for stdio processes; undefined keeps the defaults. */
export function withStartupAllowance(startupMs: number | undefined): TransportLimits | undefined {
  return withProcessLimits({ startupMs });
}

/** The default limits with some stdio process limits changed; undefined when none is. */
export function withProcessLimits(changes: Partial<ProcessLimits>): TransportLimits | undefined {
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  return Object.keys(given).length === 0
    ? undefined
    : { ...DEFAULT_LIMITS, process: { ...DEFAULT_LIMITS.process, ...given } };
}

/** A stdio target for a server object in this process; `command` only names it where a command is shown. */
export function inProcessTarget(server: InProcessServer): TargetSpec {
  return { kind: 'stdio', command: `in-process:${server.name}`, args: [], inProcess: server };
}

export function transportOf(target: TargetSpec): TransportKind {
  return target.kind;
}

export function describeTarget(target: TargetSpec): string {
  if (target.kind === 'http') return target.url;
  if (target.inProcess) return `in-process: ${target.inProcess.name}`;
  return [target.command, ...target.args].map((arg) => (/[\s'"]/.test(arg) ? JSON.stringify(arg) : arg)).join(' ');
}

export function openConnection(
  target: TargetSpec,
  context: ConnectionContext,
  limits: TransportLimits = DEFAULT_LIMITS,
): Connection {
  if (target.kind === 'stdio') {
    if (target.inProcess) return new StdioConnection({ inProcess: target.inProcess }, context, limits.process);
    return new StdioConnection(
      { command: target.command, args: target.args, cwd: target.cwd, env: target.env, inheritEnv: target.inheritEnv },
      context,
      limits.process,
    );
  }
  return new HttpConnection({ url: target.url, headers: target.headers }, context, limits.http);
}
