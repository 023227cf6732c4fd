// A fuzz finding's signature: what the defect is, without what changes from run to run. Two
// seeds that meet the same defect give one signature; baselines of findings (`fuzz --seen-findings`),
// SARIF fingerprints and the dedupe within a run all key on it.
import { createHash } from 'node:crypto';
import type { FuzzFinding } from './fuzz-results.js';

/** Bumped when the normalisation changes: a signature of another version never matches by accident. */
export const SIGNATURE_VERSION = 'v1';

const MAX_TEXT = 600;

/** Keep JSON-RPC error codes and HTTP statuses: a different code is a different defect. */
function keepsNumber(text: string, match: string, at: number): boolean {
  if (/^-32\d{3}$/.test(match)) return true;
  return /^\d{3}$/.test(match) && /(?:HTTP|status) $/.test(text.slice(Math.max(0, at - 7), at));
}

/**
 * A message or crash text with the run's particulars taken out: paths (to their file name),
 * timestamps, uuids, hex addresses, quoted values (ids, `_meta` members, the server's echo of
 * generated input) and numbers (ids, pids, counts, a stack frame's line:column).
 */
export function normaliseFindingText(text: string): string {
  const out = text
    .replace(/file:\/\//g, '')
    .replace(/(?<![\w.:/])\/(?:[^\s/:()'"]+\/)+([^\s/:()'"]+)/g, '…/$1')
    .replace(/[A-Za-z]:\\(?:[^\s\\:()'"]+\\)+([^\s\\:()'"]+)/g, '…\\$1')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?/g, '<time>')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>')
    .replace(/\b0x[0-9a-f]+\b/gi, '<hex>')
    .replace(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b/gi, '<hex>')
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/(?<![\w.<])-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/gi, (match, at: number, whole: string) =>
      keepsNumber(whole, match, at) ? match : '<n>',
    )
    .replace(/\s+/g, ' ')
    .trim();
  return out.length > MAX_TEXT ? out.slice(0, MAX_TEXT) : out;
}

/** The JSON-RPC method a message names first (`tools/call with id …`), if any; a crash's stderr is left out. */
function methodOf(message: string): string {
  const ownWords = message.split('; stderr:')[0];
  return ownWords.match(/(?<![\w/.])(?:[a-z]\w*\/)+[a-zA-Z_]\w*\b/)?.[0] ?? '-';
}

/** The parts a signature is made of, in order, readable: revision, property, method, rule broken, text. */
export function signatureParts(finding: FuzzFinding): string[] {
  const first = finding.failures?.[0];
  const message = first?.message ?? finding.message;
  return [
    finding.revision ?? '-',
    finding.id.replace(/^fuzz\//, ''),
    methodOf(message),
    first?.invariant ?? '-',
    normaliseFindingText(message),
  ];
}

/** `fs1-` and 16 hex digits: short enough to list and compare, long enough never to collide in practice. */
export function computeSignature(finding: FuzzFinding): string {
  const hash = createHash('sha256').update(signatureParts(finding).join('\n')).digest('hex');
  return `fs${SIGNATURE_VERSION.slice(1)}-${hash.slice(0, 16)}`;
}

/** The signature a finding carries, or the one it would have (results files written before signatures). */
export function signatureOf(finding: FuzzFinding): string {
  return finding.signature ?? computeSignature(finding);
}

const size = (finding: FuzzFinding) => JSON.stringify(finding.counterexample ?? null).length;

/** One finding per signature: the smallest counterexample (the first of equals) stays, the others are counted on it. */
export function dedupeFindings(findings: FuzzFinding[]): FuzzFinding[] {
  const kept = new Map<string, FuzzFinding>();
  for (const finding of findings) {
    const signature = signatureOf(finding);
    const earlier = kept.get(signature);
    if (!earlier) {
      kept.set(signature, finding);
      continue;
    }
    const duplicates = (earlier.duplicates ?? 0) + (finding.duplicates ?? 0) + 1;
    const smaller = size(finding) < size(earlier) ? finding : earlier;
    kept.set(signature, { ...smaller, signature, duplicates });
  }
  return [...kept.values()];
}
