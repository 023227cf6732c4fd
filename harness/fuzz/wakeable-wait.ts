// Waiting for answers without polling: the wait sleeps until its deadline or until a message
// arrives (`wake`), then asks again whether it is done.

export interface WakeableWait {
  /** Called for each arriving message: a sleeping wait looks again. */
  wake(): void;
  /** Until `done()`, the connection is gone (`alive()` false) or `ms` have passed. */
  until(done: () => boolean, alive: () => boolean, ms: number): Promise<void>;
}

export function wakeableWait(): WakeableWait {
  let wakeUp: (() => void) | undefined;
  return {
    wake: () => wakeUp?.(),
    async until(done, alive, ms) {
      const deadline = performance.now() + ms;
      while (!done() && alive() && performance.now() < deadline) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.max(1, deadline - performance.now()));
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wakeUp = undefined;
      }
    },
  };
}
