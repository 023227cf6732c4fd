// Starts an HTTP fixture server as its own process and waits for the URL it announces.
// Convention for every HTTP fixture: bind 127.0.0.1 on port 0 and print
// `MCP_CONFORM_LISTENING <url>` as one line on stdout.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Path of a compiled fixture under dist/ (tests run after `npm run build`). */
export function builtFixture(relativeToTest: string): string {
  return path.join(PROJECT_ROOT, 'dist', 'test', relativeToTest.replace(/\.ts$/, '.js'));
}

/** The reference server bundled into one file by the tests' global setup (test/helpers/bundles.ts): it starts faster. */
export const REFERENCE_BUNDLE = path.join(PROJECT_ROOT, 'dist/test/fixtures/reference-server.bundle.js');

/**
 * The `mcp-conform` binary bundled into one file by the same global setup: it starts faster. It
 * sits three folders below dist/ as bin.js does, so paths the CLI finds from its own file (the
 * demo server) resolve alike, and outside the package's files.
 */
export const CLI_BUNDLE = path.join(PROJECT_ROOT, 'dist/test/bundles/cli/bin.js');

export interface HttpFixture {
  url: string;
  process: ChildProcess;
  stderr: () => string;
  stop: () => Promise<void>;
}

const LISTENING = /^MCP_CONFORM_LISTENING (\S+)$/m;

export async function startHttpFixture(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<HttpFixture> {
  const child = spawn(command, args, {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    if (stderr.length < 1 << 20) stderr += chunk.toString('utf8');
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      /* already gone */
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, 2000);
    await exited;
    clearTimeout(timer);
  };
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`fixture did not announce a URL within ${options.timeoutMs ?? 15000} ms; stderr: ${stderr}`));
    }, options.timeoutMs ?? 15000);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const match = LISTENING.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`fixture exited with code ${code} before listening; stderr: ${stderr}`));
    });
  });
  return { url, process: child, stderr: () => stderr, stop };
}
