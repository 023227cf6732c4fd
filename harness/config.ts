// `mcp-conform/config`: types for mcp-conform.config.ts. It loads nothing at run time, so a config
// compiled either way (ESM or CommonJS, by tsx) can import it.
import type { ConfigFile } from './cli/config-file.js';

export type { ConfigFile, ConfigTarget } from './cli/config-file.js';

/** `export default defineConfig({ ... })`: the config, checked by the type system as you write it. */
export function defineConfig(config: ConfigFile): ConfigFile {
  return config;
}
