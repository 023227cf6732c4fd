// A fuzz baseline: findings (and cases left undecided) already known for a server, each with the
// spec sentence behind it. A case whose every problem is known does not stop its property, so
// the property keeps searching and a new defect is still reported.
import { readFileSync } from 'node:fs';
import YAML from 'yaml';
import { matchesPattern } from './select.js';
import { isObject } from './vocabulary.js';

export interface KnownFuzzEntry {
  /** A property id, prefix or glob, e.g. `*\/ids/same-id`. */
  property: string;
  /** Text every matching message contains; `/.../` for a regular expression. */
  match: string;
  /** Why it is known: the spec sentence the server misses, or why the case decides nothing. */
  why: string;
}

export interface KnownFuzz {
  file: string;
  entries: KnownFuzzEntry[];
}

export class KnownFuzzFileError extends Error {}

const KEYS = ['property', 'match', 'why'];

function entryFrom(item: unknown, where: string): KnownFuzzEntry {
  if (!isObject(item))
    throw new KnownFuzzFileError(`${where}: expected {property, match, why}, got ${JSON.stringify(item)}`);
  const unknownKey = Object.keys(item).find((key) => !KEYS.includes(key));
  if (unknownKey)
    throw new KnownFuzzFileError(`${where}: unknown key ${JSON.stringify(unknownKey)} (use ${KEYS.join(', ')})`);
  for (const key of KEYS) {
    if (typeof item[key] !== 'string' || (item[key] as string).trim() === '')
      throw new KnownFuzzFileError(`${where}: needs ${key} (a non-empty string)`);
  }
  const entry = { property: (item.property as string).trim(), match: item.match as string, why: item.why as string };
  if (isRegex(entry.match)) {
    try {
      new RegExp(entry.match.slice(1, -1));
    } catch (error) {
      throw new KnownFuzzFileError(`${where}: match is not a valid regular expression: ${(error as Error).message}`);
    }
  }
  return entry;
}

const isRegex = (match: string) => match.length > 2 && match.startsWith('/') && match.endsWith('/');

export function parseKnownFuzz(text: string, file: string): KnownFuzz {
  let document: unknown;
  try {
    document = file.endsWith('.json') ? JSON.parse(text) : YAML.parse(text);
  } catch (error) {
    throw new KnownFuzzFileError(
      `cannot parse known-findings file ${file}: ${(error as Error).message.split('\n')[0]}`,
    );
  }
  const list = isObject(document) ? document.known : document;
  if (list === null || list === undefined) return { file, entries: [] };
  if (!Array.isArray(list))
    throw new KnownFuzzFileError(
      `${file}: expected a list of {property, match, why} (or an object with a "known" list)`,
    );
  return { file, entries: list.map((item, i) => entryFrom(item, `${file} entry ${i + 1}`)) };
}

export function loadKnownFuzz(file: string): KnownFuzz {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new KnownFuzzFileError(
      `cannot read known-findings file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  return parseKnownFuzz(text, file);
}

/** The entry that explains this message of this property, if any. */
export function knownEntryFor(
  known: KnownFuzz | undefined,
  propertyId: string,
  message: string,
): KnownFuzzEntry | undefined {
  return known?.entries.find((entry) => {
    if (!matchesPattern(propertyId, entry.property)) return false;
    return isRegex(entry.match) ? new RegExp(entry.match.slice(1, -1)).test(message) : message.includes(entry.match);
  });
}
