// Loads a config written as a module (mcp-conform.config.{mjs,js,ts}): its default export is the
// config object. TypeScript goes through tsx, found from the config's folder first (the user's
// project), then from ours; Node 20 cannot import .ts on its own.
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { UsageError } from './target-options.js';

type TsImport = (specifier: string, parentURL: string) => Promise<Record<string, unknown>>;

async function findTsImport(file: string): Promise<TsImport | undefined> {
  const fromUserProject = (() => {
    try {
      return createRequire(file).resolve('tsx/esm/api');
    } catch {
      return undefined;
    }
  })();
  for (const specifier of [fromUserProject && pathToFileURL(fromUserProject).href, 'tsx/esm/api']) {
    if (!specifier) continue;
    try {
      const api = (await import(specifier)) as { tsImport?: TsImport; default?: { tsImport?: TsImport } };
      const tsImport = api.tsImport ?? api.default?.tsImport;
      if (tsImport) return tsImport;
    } catch {
      /* not installed here: try the next place */
    }
  }
  return undefined;
}

export function isModuleConfig(file: string): boolean {
  return /\.(m?js|m?ts)$/.test(file);
}

/** The default export of the module, awaited; a usage error names what went wrong. */
export async function importConfigModule(file: string): Promise<unknown> {
  if (!existsSync(file)) throw new UsageError(`cannot read config file ${file}: ENOENT`);
  let namespace: Record<string, unknown>;
  try {
    if (/\.m?ts$/.test(file)) {
      const tsImport = await findTsImport(file);
      if (!tsImport)
        throw new UsageError(
          `config file ${file} is TypeScript, which needs tsx (npm install --save-dev tsx) on this Node; or write mcp-conform.config.mjs or .json`,
        );
      namespace = await tsImport(pathToFileURL(file).href, import.meta.url);
    } else {
      // The modification time in the URL: an edited file is read again, not served from the module cache.
      namespace = (await import(`${pathToFileURL(file).href}?mtime=${statSync(file).mtimeMs}`)) as Record<
        string,
        unknown
      >;
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    // esbuild puts the error itself on the line after "Transform failed with 1 error:".
    const lines = String((error as Error).message)
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const why = lines[0]?.endsWith(':') && lines[1] ? `${lines[0]} ${lines[1]}` : (lines[0] ?? String(error));
    throw new UsageError(`config file ${file} failed to load: ${why}`);
  }
  if (!('default' in namespace) || namespace.default === undefined)
    throw new UsageError(
      `config file ${file} must export the config as its default export (export default defineConfig({ ... }))`,
    );
  const value = await namespace.default;
  // A .ts config compiled as CommonJS arrives as module.exports, its export default one level down.
  const nested =
    value !== null && typeof value === 'object' && 'default' in value
      ? (value as { default: unknown }).default
      : undefined;
  return nested !== undefined ? await nested : value;
}
