// Which finding is which injected defect (test/fixtures/defect-injector/defects.ts): the property
// that reported it (either revision) and words of its message. The crashes are told apart by
// the text the injector throws, which the finding quotes from stderr; the others by the rule
// their property or invariant prints. A finding that matches none is unexplained.

export interface ExpectedDefect {
  name: string;
  /** 'case': a single fuzz case shows it; 'connection': only a whole-connection oracle can. */
  scope: 'case' | 'connection';
  /** Property ids (revision left out) that may report it. */
  property: RegExp;
  message: RegExp;
}

export const EXPECTED: ExpectedDefect[] = [
  {
    name: 'surrogate-crash',
    scope: 'case',
    property: /^schema\/valid-arguments$/,
    message: /injected: lone surrogate/,
  },
  {
    name: 'long-id-crash',
    scope: 'case',
    property: /^ids\//,
    message: /injected: request id of \d+ characters/,
  },
  {
    name: 'deep-answer-both',
    scope: 'case',
    property: /^framing\/nesting-and-size$/,
    message: /nested \d+ (array|object)s deep.*(schema|result and error|both)/i,
  },
  {
    name: 'meta-stdout-log',
    scope: 'case',
    property: /^meta\//,
    message: /non-MCP bytes on stdout.*unknown _meta keys/,
  },
  {
    name: 'invalid-add-served',
    scope: 'case',
    property: /^schema\/invalid-arguments$/,
    message: /tools\/call add\b/,
  },
  {
    name: 'edge-sum-off-schema',
    scope: 'case',
    property: /^schema\/output-schema$/,
    message: /tools\/call add\b.*(outputSchema|output schema|structuredContent)/i,
  },
  {
    name: 'tabbed-line-swallowed',
    scope: 'connection',
    property: /^framing\/framed-lines$/,
    // harness/fuzz/connection-oracle.ts: "<request> got no answer on its connection, while <later>, sent after it, was answered".
    message: /whole connection: .* got no answer on its connection, while .* was answered/,
  },
  {
    name: 'progress-unasked',
    scope: 'connection',
    property: /./,
    message:
      /whole connection: notifications\/progress with progressToken .*, which no request on this connection carried/,
  },
];

/** The property id without its revision: "2026-07-28/ids/same-id" -> "ids/same-id". */
export const unrevisioned = (id: string) => id.replace(/^fuzz\//, '').replace(/^\d{4}-\d{2}-\d{2}\//, '');

/** The defect a finding shows, if any (the first that matches property and message). */
export function defectOf(finding: { id: string; message: string }, defects = EXPECTED): ExpectedDefect | undefined {
  const property = unrevisioned(finding.id);
  return defects.find((d) => d.property.test(property) && d.message.test(finding.message));
}
