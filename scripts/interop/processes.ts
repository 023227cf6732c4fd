// Child processes of the lab: each in its own process group, each bounded by a kill timeout,
// all of them killed when the runner ends however it ends, so none is left behind.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

const live = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    /* already gone */
  }
}

/** Kills every group still running; called on exit and on SIGINT/SIGTERM. */
export function killAll(): void {
  for (const child of live) killGroup(child, 'SIGKILL');
  live.clear();
}

let hooked = false;
function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(130);
    });
  }
}

export interface Started {
  child: ChildProcess;
  /** Output of both streams, bounded to its last bytes. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM to the group, SIGKILL after graceMs; resolves when the leader is gone. */
  stop(graceMs?: number): Promise<void>;
}

const TAIL = 64 * 1024;

/** `env` is the child's whole environment: a server gets the allow-list (launch.ts), a build the runner's own. */
export function start(argv: string[], options: { cwd: string; env: Record<string, string> }): Started {
  hookExit();
  const [command, ...args] = argv;
  const child = spawn(command!, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  live.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-TAIL);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('error', (error) => {
      keep(Buffer.from(`${error.message}\n`));
      resolve({ code: null, signal: null });
    });
    child.once('close', (code, signal) => resolve({ code, signal }));
  }).finally(() => {
    // The leader is gone; anything it left in its group goes too.
    killGroup(child, 'SIGKILL');
    live.delete(child);
  });
  const stop = async (graceMs = 3000) => {
    if (!live.has(child)) return;
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  return { child, output: () => output, exited, stop };
}

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  output: string;
  ms: number;
}

/** Runs argv to its end, or stops it after timeoutMs. */
export async function runBounded(
  argv: string[],
  options: { cwd: string; env: Record<string, string>; timeoutMs: number },
): Promise<Finished> {
  const began = performance.now();
  // A build needs what the runner has (toolchain homes, caches, proxies); it serves no report.
  const started = start(argv, { cwd: options.cwd, env: { ...process.env, ...options.env } as Record<string, string> });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void started.stop();
  }, options.timeoutMs);
  const { code, signal } = await started.exited;
  clearTimeout(timer);
  return { code, signal, timedOut, output: started.output(), ms: performance.now() - began };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net
      .createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const port = (server.address() as net.AddressInfo).port;
        server.close(() => resolve(port));
      });
  });
}

const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Waits until the port accepts connections; rejects when the server exits first or the time is up. */
export async function waitForPort(port: number, server: Started, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void server.exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the server exited before listening on port ${port}`);
    if (await connects(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listened on 127.0.0.1:${port} within ${timeoutMs / 1000} s`);
}
