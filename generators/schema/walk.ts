// Visits every subschema of a schema through the keywords that hold subschemas, so property
// names (the keys of `properties`) are never mistaken for keywords.
import { isNode, type SchemaNode } from './pointer.js';

/** Keywords whose value is one subschema. */
const SINGLE = [
  'items',
  'additionalItems',
  'unevaluatedItems',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'contentSchema',
];
/** Keywords whose value is a list of subschemas. */
const LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
/** Keywords whose value maps names to subschemas. */
const MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'];

/** Path from the root, as keyword / name / index steps. */
export type SchemaPath = Array<string | number>;

export function walkSchema(
  schema: unknown,
  visit: (node: SchemaNode, path: SchemaPath) => void,
  maxNodes = 20_000,
): void {
  const stack: Array<[unknown, SchemaPath]> = [[schema, []]];
  let visited = 0;
  while (stack.length > 0 && visited < maxNodes) {
    const [node, path] = stack.pop()!;
    if (!isNode(node)) continue;
    visited++;
    visit(node, path);
    for (const key of SINGLE) if (key in node) stack.push([node[key], [...path, key]]);
    for (const key of LISTS) {
      const list = node[key];
      if (Array.isArray(list)) list.forEach((sub, index) => stack.push([sub, [...path, key, index]]));
    }
    // Draft-07 `items: [...]` is a list of subschemas too.
    if (Array.isArray(node.items)) node.items.forEach((sub, index) => stack.push([sub, [...path, 'items', index]]));
    for (const key of MAPS) {
      const map = node[key];
      if (isNode(map)) for (const [name, sub] of Object.entries(map)) stack.push([sub, [...path, key, name]]);
    }
  }
}
