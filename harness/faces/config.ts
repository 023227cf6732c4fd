// `mcp-conform/config`: types for mcp-conform.config.ts. It loads nothing at run time, so a config
// compiled either way (ESM or CommonJS, by tsx) can import it.

export interface ConfigTarget {
  name?: string;
  stdio?: string | string[];
  cwd?: string;
  env?: Record<string, string>;
  /** The runner's whole environment for this stdio server, not the allow-list (`--inherit-env`). */
  inheritEnv?: boolean;
  url?: string;
  headers?: Record<string, string>;
}

export interface ConfigFile {
  targets?: ConfigTarget[];
  revisions?: 'auto' | 'all' | string[];
  checks?: string[];
  skip?: string[];
  strict?: boolean;
  timeoutMs?: number;
  maxTimeoutMs?: number;
  startupTimeoutMs?: number;
  checkTimeoutMs?: number;
  /** Longest stdout line of a stdio server read as a message, in MB (`--max-line-mb`). */
  maxLineMb?: number;
  concurrency?: number;
  /** Targets run at once (`--jobs`, default 1); each keeps its own results, reports and exit status. */
  jobs?: number;
  toolCalls?: 'safe' | 'all' | 'none';
  schemaDir?: string;
  expectedFailures?: string;
  reports?: { json?: string; junit?: string; html?: string; sarif?: string };
  /** Also write the matrix of the targets run (`report matrix` over their results). */
  matrix?: { html?: string; json?: string; badges?: string };
  fuzz?: { seed?: number; runs?: number; timeBudgetMs?: number; campaigns?: string[] };
}

/** `export default defineConfig({ ... })`: the config, checked by the type system as you write it. */
export function defineConfig(config: ConfigFile): ConfigFile {
  return config;
}
