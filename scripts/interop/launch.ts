// Starting one built implementation on one transport: the mcp-conform target flags for it (a
// stdio command line, or the URL of an HTTP server this starts), shared by `npm run interop` and
// `npm run fuzz-baseline -- --interop`.
import type { TransportKind } from '../../harness/results/vocabulary.js';
import type { BuildOutcome, Lab } from './build.js';
import { expand, expandArgv } from './placeholders.js';
import { freePort, start, waitForPort } from './processes.js';

const HTTP_START_MS = 60_000;

export interface LaunchedTarget {
  /** Target flags for `mcp-conform run` or `fuzz`: `--cwd ... -- argv` or `--url ...`. */
  args: string[];
  stop(): Promise<void>;
}

export async function launchTarget(lab: Lab, transport: TransportKind, built: BuildOutcome): Promise<LaunchedTarget> {
  const { manifest } = lab;
  if (transport === 'stdio') {
    const env = Object.entries(manifest.env).flatMap(([name, value]) => ['--env', `${name}=${value}`]);
    return {
      args: ['--cwd', built.src, ...env, '--', ...expandArgv(manifest.stdio, { src: built.src, out: built.out })],
      stop: async () => undefined,
    };
  }
  const port = String(await freePort());
  const server = start(expandArgv(manifest.http!.command, { src: built.src, out: built.out, port }), {
    cwd: built.src,
    env: manifest.env,
  });
  try {
    await waitForPort(Number(port), server, HTTP_START_MS);
  } catch (error) {
    await server.stop();
    const tail = server.output().trim().split('\n').slice(-3).join(' | ');
    throw new Error(`${(error as Error).message}${tail ? `: ${tail}` : ''}`);
  }
  return { args: ['--url', expand(manifest.http!.url, { port })], stop: () => server.stop() };
}
