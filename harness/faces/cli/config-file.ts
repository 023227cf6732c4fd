// mcp-conform.config.{json,mjs,js,ts}: targets, revisions, selection, baseline, report paths, fuzz budget.
// Validated up front with one clear line per wrong key; command-line flags override it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { nearestWithinReach } from '../pattern-hints.js';
import { createAjv, type ErrorObject } from '../../schema/ajv.js';
import type { TargetSpec } from '../../target.js';
import type { ConfigFile, ConfigTarget } from '../config.js';
import { importConfigModule, isModuleConfig } from './config-module.js';
import { httpTarget, stdioTarget, UsageError } from './target-options.js';

export type { ConfigFile, ConfigTarget };

export const CONFIG_FILE_NAMES = [
  'mcp-conform.config.json',
  'mcp-conform.config.mjs',
  'mcp-conform.config.js',
  'mcp-conform.config.ts',
  'mcp-conform.config.mts',
];

const stringMap = { type: 'object', additionalProperties: { type: 'string' } };
const stringList = { type: 'array', items: { type: 'string' } };
const positive = { type: 'integer', minimum: 1 };

const CONFIG_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    targets: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          name: { type: 'string', minLength: 1 },
          stdio: {
            description: 'a command line or a non-empty list of arguments',
            anyOf: [
              { type: 'string', minLength: 1 },
              { ...stringList, minItems: 1 },
            ],
          },
          cwd: { type: 'string' },
          env: stringMap,
          inheritEnv: { type: 'boolean' },
          url: { type: 'string', minLength: 1 },
          headers: stringMap,
        },
      },
    },
    revisions: {
      description: '"auto", "all" or a list of "2026-07-28", "2025-11-25"',
      anyOf: [{ enum: ['auto', 'all'] }, { type: 'array', items: { enum: ['2026-07-28', '2025-11-25'] }, minItems: 1 }],
    },
    checks: stringList,
    skip: stringList,
    strict: { type: 'boolean' },
    timeoutMs: positive,
    maxTimeoutMs: positive,
    startupTimeoutMs: positive,
    checkTimeoutMs: positive,
    maxLineMb: positive,
    concurrency: positive,
    jobs: positive,
    toolCalls: { enum: ['safe', 'all', 'none'] },
    schemaDir: { type: 'string' },
    expectedFailures: { type: 'string' },
    reports: {
      type: 'object',
      additionalProperties: false,
      properties: {
        json: { type: 'string' },
        junit: { type: 'string' },
        html: { type: 'string' },
        sarif: { type: 'string' },
      },
    },
    matrix: {
      description: 'where the matrix of the targets goes: html, json, badges (a folder)',
      type: 'object',
      additionalProperties: false,
      properties: { html: { type: 'string' }, json: { type: 'string' }, badges: { type: 'string' } },
    },
    fuzz: {
      type: 'object',
      additionalProperties: false,
      properties: { seed: { type: 'integer' }, runs: positive, timeBudgetMs: positive, campaigns: stringList },
    },
  },
} as const;

const validateConfig = createAjv().compile(CONFIG_SCHEMA);

function where(instancePath: string): string {
  return instancePath === ''
    ? 'the top level'
    : instancePath
        .slice(1)
        .replace(/\/(\d+)/g, '[$1]')
        .replace(/\//g, '.');
}

function schemaNode(schemaPath: string): Record<string, unknown> {
  let node: unknown = CONFIG_SCHEMA;
  for (const part of schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean))
    node = (node as Record<string, unknown>)[part];
  return node as Record<string, unknown>;
}

function describeError(error: ErrorObject): string {
  if (error.keyword === 'additionalProperties') {
    const key = String(error.params.additionalProperty);
    const known = Object.keys(
      (schemaNode(error.schemaPath.replace(/\/?additionalProperties$/, '')).properties as object | undefined) ?? {},
    );
    const hint = nearestWithinReach(key, known);
    return `unknown key "${key}" in ${where(error.instancePath)}${hint ? ` (did you mean "${hint}"?)` : ''}; known keys: ${known.join(', ')}`;
  }
  if (error.keyword === 'anyOf')
    return `${where(error.instancePath)} must be ${String(schemaNode(error.schemaPath.replace(/\/anyOf$/, '')).description)}`;
  const detail =
    error.keyword === 'enum'
      ? `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
      : error.message;
  return `${where(error.instancePath)} ${detail}`;
}

/** Every problem of a config document, one line each; empty when it is valid. */
export function configProblems(value: unknown): string[] {
  if (validateConfig(value)) return semanticProblems(value as ConfigFile);
  // A failed anyOf is reported once, by its own description, not once per branch.
  const errors = validateConfig.errors!.filter((error) => !error.schemaPath.includes('/anyOf/'));
  return [...new Set(errors.map(describeError))];
}

/** The first problem of a config document; undefined when it is valid. */
export function configProblem(value: unknown): string | undefined {
  return configProblems(value)[0];
}

function semanticProblems(config: ConfigFile): string[] {
  const problems: string[] = [];
  for (const [index, target] of (config.targets ?? []).entries()) {
    const label = `targets[${index}]`;
    if ((target.stdio === undefined) === (target.url === undefined))
      problems.push(`${label} needs exactly one of "stdio" or "url"`);
    else if (
      target.url !== undefined &&
      (target.cwd !== undefined || target.env !== undefined || target.inheritEnv !== undefined)
    )
      problems.push(`${label}: "cwd", "env" and "inheritEnv" apply to stdio targets only`);
    else if (target.stdio !== undefined && target.headers !== undefined)
      problems.push(`${label}: "headers" applies to url targets only`);
  }
  const names = (config.targets ?? []).map((t) => t.name).filter(Boolean);
  for (const duplicate of new Set(names.filter((name, i) => names.indexOf(name) !== i)))
    problems.push(`two targets are named "${duplicate}"`);
  return problems;
}

export interface LoadedConfig {
  file: string;
  config: ConfigFile;
  /** Relative paths in the file are relative to its folder. */
  baseDir: string;
}

/** Reads --config FILE, or the mcp-conform.config.* in the working directory when there is one. */
export async function loadConfig(explicit: string | undefined, cwd = process.cwd()): Promise<LoadedConfig | undefined> {
  const file = explicit ?? configFileIn(cwd);
  if (!file) return undefined;
  const value = isModuleConfig(file) ? await importConfigModule(path.resolve(file)) : readJsonConfig(file);
  const problems = configProblems(value);
  // One line per problem, so every wrong key is named at once.
  if (problems.length > 0)
    throw new UsageError(problems.map((problem) => `config file ${file}: ${problem}`).join('\n'));
  return { file, config: value as ConfigFile, baseDir: path.dirname(path.resolve(file)) };
}

/** The one mcp-conform.config.* in the folder; two of them is an error, not a silent choice. */
function configFileIn(dir: string): string | undefined {
  const found = CONFIG_FILE_NAMES.map((name) => path.join(dir, name)).filter((candidate) => existsSync(candidate));
  if (found.length > 1)
    throw new UsageError(
      `found ${found.map((file) => path.basename(file)).join(' and ')}: keep one, or name it with --config`,
    );
  return found[0];
}

function readJsonConfig(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read config file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`config file ${file} is not valid JSON: ${(error as Error).message}`);
  }
}

export function resolveFrom(baseDir: string, file: string | undefined): string | undefined {
  return file === undefined ? undefined : path.resolve(baseDir, file);
}

export interface NamedTarget {
  name: string;
  spec: TargetSpec;
  /** The name the config file gave, for the target's column in a matrix. */
  label?: string;
}

/** The file's targets as specs. A stdio server starts in its cwd, resolved from the file's folder (default: that folder). */
export function configTargets(loaded: LoadedConfig): NamedTarget[] {
  return (loaded.config.targets ?? []).map((target, index) => {
    const label = `config file ${loaded.file}: targets[${index}]`;
    const name = target.name ?? `target-${index + 1}`;
    const named = target.name === undefined ? {} : { label: target.name };
    if (target.url !== undefined)
      return { name, ...named, spec: httpTarget(target.url, target.headers ?? {}, `${label}.url`) };
    const cwd = resolveFrom(loaded.baseDir, target.cwd) ?? loaded.baseDir;
    return {
      name,
      ...named,
      spec: stdioTarget(
        target.stdio!,
        cwd,
        target.env ?? {},
        { command: `${label}.stdio`, cwd: `${label}.cwd` },
        target.inheritEnv === true,
      ),
    };
  });
}
