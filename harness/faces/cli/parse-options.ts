// node:util parseArgs, with "did you mean" for a mistyped flag: the same nearest-match rule the
// config file's unknown keys get.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { nearestWithinReach } from '../pattern-hints.js';
import { UsageError } from './target-options.js';

/** parseArgs; an unknown option becomes a usage error naming the nearest known flag, when there is one. */
export function parseOptions<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw error;
    const given = /Unknown option '(--[^'=]+)/.exec((error as Error).message)?.[1];
    const flags = Object.keys(config.options ?? {}).map((name) => `--${name}`);
    const hint = given && nearestWithinReach(given, flags);
    throw new UsageError(hint ? `unknown option ${given}; did you mean ${hint}?` : (error as Error).message);
  }
}
