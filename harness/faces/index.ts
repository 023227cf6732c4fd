// Public API of the mcp-conform package.
export {
  runConformance,
  listChecks,
  toTargetSpec,
  ConformanceOptionsError,
  type ConformanceOptions,
  type ConformanceTarget,
} from './api.js';
export type { CheckResult, RunResults, RunSummary, RevisionRun, RunOutcome } from '../results/results.js';
export type { Check } from '../checks/check.js';
export type { Level, Revision, TransportKind, Verdict } from '../model.js';
export { REVISIONS } from '../model.js';
export type { WireEntry } from '../recorder/wire-log.js';
export type {
  InProcessConnection,
  InProcessServer,
  InProcessStreams,
} from '../transports/in-process-server.js';
export { TOOL_VERSION } from '../version.js';
export { defineConfig, type ConfigFile, type ConfigTarget } from './config.js';
