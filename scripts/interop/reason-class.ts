// The kind of assertion a verdict rests on, read from its reason: the first clause with what
// varies from run to run (counts, times, quoted values, URIs, generated ids) written as placeholders. An
// expectation that records it shows a verdict that stayed while its reason changed (issue #32).

const QUOTED = /"(?:[^"\\]|\\.)*"/g;
const URI = /\b[a-z][a-z0-9+.-]*:\/\/[^\s,;)]+/gi;
/** Generated identifiers (UUIDs, long hex): a new one every run. */
const GENERATED_ID = /\b(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{16,})\b/gi;
/** Plain numbers (counts, milliseconds, ids), not JSON-RPC codes such as -32602. */
const NUMBER = /(?<![-\w.])\d+(?:\.\d+)?(?![\w.])/g;
const MAX_LENGTH = 120;

export function reasonClassOf(reason: string | undefined): string {
  if (!reason) return '';
  const [first] = reason.split(';');
  const general = first
    .replace(QUOTED, '"…"')
    .replace(URI, '<uri>')
    .replace(GENERATED_ID, '<id>')
    .replace(NUMBER, '#')
    .trim();
  return general.length > MAX_LENGTH ? `${general.slice(0, MAX_LENGTH - 1)}…` : general;
}
