// Tiny builder for JSON Schema 2020-12 fragments. Objects are open (no additionalProperties:false),
// like the official schemas, which never close an object.

export type Schema = { [key: string]: unknown };
type Props = Record<string, Schema>;

/** Any value (TS `unknown`). */
export const any = (): Schema => ({});
export const str = (format?: string): Schema => (format ? { type: 'string', format } : { type: 'string' });
export const uri = (): Schema => str('uri');
export const bool = (): Schema => ({ type: 'boolean' });
// The official generator turns a plain TS `number` into "integer"; only `@TJS-type number` fields are "number".
export const int = (limits: { minimum?: number; maximum?: number } = {}): Schema => ({ type: 'integer', ...limits });
export const num = (limits: { minimum?: number; maximum?: number } = {}): Schema => ({ type: 'number', ...limits });
export const types = (...names: string[]): Schema => ({ type: names });
export const constant = (value: string | number): Schema => ({
  type: typeof value === 'string' ? 'string' : 'integer',
  const: value,
});
export const enm = (...values: string[]): Schema => ({ type: 'string', enum: values });
export const arr = (items: Schema, limits: { maxItems?: number } = {}): Schema => ({ type: 'array', items, ...limits });
export const ref = (name: string): Schema => ({ $ref: `#/$defs/${name}` });
export const anyOf = (...schemas: Schema[]): Schema => ({ anyOf: schemas });
export const allOf = (...schemas: Schema[]): Schema => ({ allOf: schemas });
/** Object whose every value matches `values` (TS index signature). */
export const record = (values: Schema): Schema => ({ type: 'object', additionalProperties: values });
/** Union of named definitions. */
export const union = (...names: string[]): Schema => anyOf(...names.map(ref));

/** Object with required and optional properties; extra keys allowed. */
export function obj(required: Props = {}, optional: Props = {}): Schema {
  const properties = { ...required, ...optional };
  const out: Schema = { type: 'object' };
  if (Object.keys(properties).length > 0) out.properties = properties;
  if (Object.keys(required).length > 0) out.required = Object.keys(required);
  return out;
}

/** `interface X extends Bases { ... }`: resolved by name, after each revision has chosen its bases. */
export class Extends {
  constructor(
    readonly bases: string[],
    readonly own: Schema,
    readonly optionalKeys: string[],
  ) {}
}

export function ext(bases: string[], required: Props = {}, optional: Props = {}): Extends {
  return new Extends(bases, obj(required, optional), Object.keys(optional));
}

export type DefTable = Record<string, Schema | Extends>;

/** Flattens every `ext` into a plain object schema (properties merged, later ones win; required unioned). */
export function resolveDefs(table: DefTable): Record<string, Schema> {
  const done: Record<string, Schema> = {};
  const visiting = new Set<string>();
  const resolve = (name: string): Schema => {
    if (done[name]) return done[name];
    const def = table[name];
    if (def === undefined) throw new Error(`schema definition ${name} is not defined`);
    if (!(def instanceof Extends)) return (done[name] = def);
    if (visiting.has(name)) throw new Error(`circular extends at ${name}`);
    visiting.add(name);
    const properties: Props = {};
    const required = new Set<string>();
    for (const base of def.bases.map(resolve)) {
      if (base.type !== 'object') throw new Error(`${name} extends a non-object definition`);
      Object.assign(properties, base.properties);
      for (const key of (base.required as string[] | undefined) ?? []) required.add(key);
    }
    Object.assign(properties, def.own.properties);
    for (const key of def.optionalKeys) required.delete(key);
    for (const key of (def.own.required as string[] | undefined) ?? []) required.add(key);
    const out: Schema = { type: 'object' };
    if (Object.keys(properties).length > 0) out.properties = properties;
    if (required.size > 0) out.required = [...required];
    visiting.delete(name);
    return (done[name] = out);
  };
  for (const name of Object.keys(table)) resolve(name);
  return done;
}
