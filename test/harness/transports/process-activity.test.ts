// Whether a server that has not exited is idle: its CPU time and run state, read through /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, test } from 'vitest';
import { DescendantWatch } from '../../../harness/transports/descendant-watch.js';

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
});

/** A node process running `code`, once it has said it is ready (its start-up costs CPU too). */
async function ready(code: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', `${code}; process.stdout.write('ready')`], { stdio: 'pipe' });
  started.push(child);
  await once(child.stdout!, 'data');
  return child;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(process.platform === 'linux')('process activity', () => {
  test('a process that waits on nothing uses no CPU between two readings, and does not run', async () => {
    const child = await ready('setInterval(() => undefined, 1e9)');
    const watch = new DescendantWatch(child.pid);
    await pause(300);
    const before = watch.activity();
    await pause(500);
    const after = watch.activity();
    expect(before).toBeDefined();
    expect(after).toEqual({ cpuTicks: before!.cpuTicks, runnable: false });
    watch.end();
  });

  test('a process in a busy loop gains CPU time, or is seen running', async () => {
    const child = await ready('setTimeout(() => { for (;;); }, 0)');
    const watch = new DescendantWatch(child.pid);
    const before = watch.activity()!;
    await pause(500);
    const after = watch.activity()!;
    expect(after.cpuTicks > before.cpuTicks || after.runnable).toBe(true);
    watch.end();
  });
});
