// Starting one built implementation on one transport: the mcp-conform target flags for it (a
// stdio command line, or the URL of an HTTP server this starts), shared by `npm run interop` and
// `npm run fuzz-baseline -- --interop`.
import type { BuildOutcome, Lab } from './build.js';
import { serverEnvironment } from '../../harness/transports/server-env.js';
import { expand, expandArgv } from './placeholders.js';
import { freePort, start, waitForPort } from './processes.js';

const HTTP_START_MS = 60_000;

/** A lab cell: a transport, or the protected HTTP variant (`http-auth`) trusting the embedded authorization server. */
export type CellKind = 'stdio' | 'http' | 'http-auth';

/** The protected cells run the auth areas only: the rest is the http cell's. */
const AUTH_CHECKS = ['--check', '2026-07-28/auth', '--check', '2025-11-25/auth'];

export interface LaunchedTarget {
  /** Target flags for `mcp-conform run` or `fuzz`: `--cwd ... -- argv` or `--url ...`. */
  args: string[];
  stop(): Promise<void>;
}

export async function launchTarget(lab: Lab, transport: CellKind, built: BuildOutcome): Promise<LaunchedTarget> {
  const { manifest } = lab;
  if (transport === 'stdio') {
    const env = Object.entries(manifest.env).flatMap(([name, value]) => ['--env', `${name}=${value}`]);
    return {
      args: ['--cwd', built.src, ...env, '--', ...expandArgv(manifest.stdio, { src: built.src, out: built.out })],
      stop: async () => undefined,
    };
  }
  const port = String(await freePort());
  const served = transport === 'http-auth' ? manifest.auth! : manifest.http!;
  // The authorization server mcp-conform starts for the run (--auth-server embedded) listens here.
  const issuerPort = transport === 'http-auth' ? String(await freePort()) : undefined;
  const issuer = issuerPort ? `http://127.0.0.1:${issuerPort}` : undefined;
  const server = start(expandArgv(served.command, { src: built.src, out: built.out, port, issuer }), {
    cwd: built.src,
    // As mcp-conform starts a stdio server: the allow-list and the lab's own variables, no runner secret.
    env: serverEnvironment({ env: manifest.env }),
  });
  try {
    await waitForPort(Number(port), server, HTTP_START_MS);
  } catch (error) {
    await server.stop();
    const tail = server.output().trim().split('\n').slice(-3).join(' | ');
    throw new Error(`${(error as Error).message}${tail ? `: ${tail}` : ''}`);
  }
  const url = ['--url', expand(served.url, { port })];
  const auth = issuerPort ? ['--auth-server', 'embedded', '--auth-issuer-port', issuerPort, ...AUTH_CHECKS] : [];
  return { args: [...url, ...auth], stop: () => server.stop() };
}
