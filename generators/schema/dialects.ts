// JSON Schema dialects we can validate server schemas in, chosen by `$schema` (2020-12 when it
// is absent, as MCP says). Each compile gets a fresh Ajv: server schemas may reuse `$id`s.
import { createRequire } from 'node:module';
import ajv2019Module from 'ajv/dist/2019.js';
import ajv2020Module from 'ajv/dist/2020.js';
import ajvModule from 'ajv/dist/ajv.js';
import formatsModule from 'ajv-formats';
import { linearRegExp } from './linear-regex.js';

export type Dialect = '2020-12' | '2019-09' | 'draft-07' | 'draft-06';

export type Ajv = InstanceType<typeof ajvModule.default>;

/** Ajv and ajv-formats are CommonJS: under NodeNext their default import is the module object. */
function unwrap<T>(module: unknown): T {
  return ((module as { default?: T }).default ?? module) as T;
}

const Ajv2020 = unwrap<typeof ajv2020Module.default>(ajv2020Module);
const Ajv2019 = unwrap<typeof ajv2019Module.default>(ajv2019Module);
const AjvDraft07 = unwrap<typeof ajvModule.default>(ajvModule);
const addFormats = unwrap<typeof formatsModule.default>(formatsModule);
const draft06MetaSchema = createRequire(import.meta.url)('ajv/dist/refs/json-schema-draft-06.json') as object;

/** `$schema` URIs, without a trailing `#` and with http/https folded together. */
const DIALECT_URIS: Record<string, Dialect> = {
  'json-schema.org/draft/2020-12/schema': '2020-12',
  'json-schema.org/draft/2019-09/schema': '2019-09',
  'json-schema.org/draft-07/schema': 'draft-07',
  'json-schema.org/draft-06/schema': 'draft-06',
};

export const SUPPORTED_DIALECTS: readonly Dialect[] = ['2020-12', '2019-09', 'draft-07', 'draft-06'];

export type DialectChoice = { dialect: Dialect } | { unsupported: string };

/** The dialect a schema declares; 2020-12 when it declares none. */
export function dialectOf(schema: unknown): DialectChoice {
  const declared =
    typeof schema === 'object' && schema !== null ? (schema as Record<string, unknown>).$schema : undefined;
  if (declared === undefined) return { dialect: '2020-12' };
  if (typeof declared !== 'string') return { unsupported: JSON.stringify(declared) };
  const key = declared.replace(/^https?:\/\//, '').replace(/#$/, '');
  const dialect = DIALECT_URIS[key];
  return dialect ? { dialect } : { unsupported: declared };
}

/** `pattern` and `patternProperties` of server schemas run on the linear-time engine. */
const linearEngine = Object.assign(linearRegExp, { code: 'linearRegExp' });

/**
 * A new validator for one dialect. `formats`: assert `format` (stricter than 2020-12 requires,
 * which treats it as an annotation); generated valid inputs use it, invalid ones never rely on it.
 * `serverSchemas`: for compiling a schema a server sent, already meta-validated: no second
 * meta-validation, and its patterns on the linear-time engine.
 */
export function ajvFor(dialect: Dialect, formats: boolean, serverSchemas = false): Ajv {
  // No loadSchema: Ajv never fetches a `$ref`; an external one fails compilation instead.
  const options = {
    strict: false,
    allErrors: true,
    logger: false as const,
    validateFormats: formats,
    ...(serverSchemas ? { validateSchema: false, code: { regExp: linearEngine } } : {}),
  };
  let ajv: Ajv;
  if (dialect === '2020-12') ajv = new Ajv2020(options) as unknown as Ajv;
  else if (dialect === '2019-09') ajv = new Ajv2019(options) as unknown as Ajv;
  else {
    ajv = new AjvDraft07(options);
    if (dialect === 'draft-06') ajv.addMetaSchema(draft06MetaSchema);
  }
  if (formats) addFormats(ajv);
  return ajv;
}

const metaValidators = new Map<string, Ajv>();

/**
 * The shared validator that meta-validates schemas of one dialect: its meta-schema compiles once
 * per process, where a fresh Ajv would compile it again for every schema.
 */
export function metaValidatorFor(dialect: Dialect, formats: boolean): Ajv {
  const key = `${dialect}:${formats}`;
  let ajv = metaValidators.get(key);
  if (!ajv) metaValidators.set(key, (ajv = ajvFor(dialect, formats)));
  return ajv;
}
