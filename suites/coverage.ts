// Rows of the requirement index (suites/<revision>/requirements.ts) that no check or fuzz
// property cites, each with the reason. test/suites/coverage.test.ts fails when a MUST/SHOULD server row is neither
// cited nor listed here, when a listed row is cited after all, and when the README's Coverage
// section differs from coverageMarkdown().
import type { Revision } from '../harness/model.js';
import { coverageTotals, requirementCoverage } from './requirements.js';

export interface CoverageNote {
  ids: string[];
  reason: string;
}

const range = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}-${String(from + i).padStart(3, '0')}`);

/** Rows a client-side harness cannot judge: they need the server's cooperation, a deployment view, or are advice. */
export const NOT_TESTABLE: Record<Revision, CoverageNote[]> = {
  '2026-07-28': [
    {
      ids: ['TOOL-017', 'RES-011', 'PRM-008'],
      reason: 'need the server to change its lists by itself; nothing a client sends triggers that',
    },
    {
      ids: ['TOOL-020', 'RES-007', 'CMP-005'],
      reason:
        'informational: rate limits, output sanitising, internal failures and suggestion order have no observable pass/fail',
    },
    { ids: ['CACHE-004'], reason: 'needs two authenticated identities to compare cacheScope "public" answers' },
    { ids: ['HTTP-009'], reason: 'the bind address is invisible from a URL' },
    { ids: ['AUTH-005'], reason: 'where a stdio server takes its credentials from is invisible on the wire' },
    {
      ids: ['JSS-004'],
      reason: 'bounds on schema composition show only under a denial-of-service fuzz, not as a verdict',
    },
  ],
  '2025-11-25': [
    { ids: ['TOOL-012', 'RES-008', 'PROM-008'], reason: 'need a list-change trigger in the server' },
    { ids: ['SSE-003'], reason: 'needs the server to drop a stream before its response by itself' },
    {
      ids: ['RES-004', 'LOG-006', 'TASK-021', 'STDIO-007'],
      reason:
        'informational or heuristic: internal-error codes, secrets in logs, requestor identification, credential sources',
    },
    { ids: ['HTTP-012'], reason: 'the bind address is invisible from a URL' },
    {
      ids: ['LIFE-009'],
      reason: 'a 120 s wait for a cancellation of an unanswered server request: an informational probe',
    },
    { ids: ['BC-001'], reason: 'needs the legacy HTTP+SSE URL, which the target does not name' },
    {
      ids: ['RPC-014', 'LIFE-007', 'STDIO-005', 'HTTP-005'],
      reason:
        "not server rules: the spec leaves the server's reaction to these client mistakes open (fuzzed for crashes only)",
    },
  ],
};

/** Testable rows without a check yet: a burn-down list, shown in the README. */
export const OPEN_GAPS: Record<Revision, CoverageNote[]> = {
  '2026-07-28': [],
  '2025-11-25': [],
};

/** AUTH-001, AUTH-002, AUTH-003 -> AUTH-001..003 */
function compact(ids: string[]): string {
  const parts: string[] = [];
  for (let i = 0; i < ids.length; i++) {
    let j = i;
    const [prefix, number] = ids[i].split('-');
    while (j + 1 < ids.length && ids[j + 1] === `${prefix}-${String(Number(number) + j + 1 - i).padStart(3, '0')}`) j++;
    parts.push(j - i >= 2 ? `${ids[i]}..${ids[j].split('-')[1]}` : ids.slice(i, j + 1).join(', '));
    i = j;
  }
  return parts.join(', ');
}

const lines = (notes: CoverageNote[]) => notes.map((note) => `- ${compact(note.ids)}: ${note.reason}.`).join('\n');

/** The body of the README's "## Coverage" section. */
export function coverageMarkdown(): string {
  const revisions: Revision[] = ['2026-07-28', '2025-11-25'];
  const blocks = revisions.map((revision) => {
    const counts = coverageTotals(requirementCoverage(revision));
    const numbers = `${counts.rows} rows, ${counts.covered} of them cited; of the ${counts.serverRules} MUST/SHOULD server rows, ${counts.serverRulesCovered} are cited and the other ${counts.serverRules - counts.serverRulesCovered} are listed below.`;
    const gaps = OPEN_GAPS[revision].length > 0 ? `\n\nTestable, no check yet:\n\n${lines(OPEN_GAPS[revision])}` : '';
    return `**${revision}**: ${numbers} Not testable from outside:\n\n${lines(NOT_TESTABLE[revision])}${gaps}`;
  });
  return [
    'Each revision has a requirement index in the project, `suites/<revision>/requirements.ts`: one row per server',
    'requirement (id, level, spec link, transport, a one-line summary). Every MUST and SHOULD server row is cited in the',
    '`catalog` of a check or a fuzz property, or listed below with the reason. `mcp-conform list --requirements` prints',
    'each row with the checks and properties that cover it. The lists live in `suites/coverage.ts`;',
    '`test/suites/coverage.test.ts` fails when a row is neither, when a listed row gets a check, when a check cites a',
    'row the index does not have, and when this section differs from the lists and counts.',
    '',
    blocks.join('\n\n'),
  ].join('\n');
}
