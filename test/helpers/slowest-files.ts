// Prints the slowest test files when a run ends, so time spent in tests stays visible.
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 8;

export class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const timed = modules
      .map((module) => ({ file: module.relativeModuleId, ms: module.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms);
    if (timed.length === 0) return;
    const lines = timed.slice(0, SHOWN).map(({ file, ms }) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
    process.stdout.write(`\nSlowest test files (time in tests and hooks):\n${lines.join('\n')}\n`);
  }
}
