// One row of a revision's requirement index (suites/<revision>/requirements.ts).

export type RequirementTransport = 'any' | 'stdio' | 'http';

export interface Requirement {
  /** Stable id that checks and fuzz properties cite in `catalog` (e.g. `SESS-005`). */
  id: string;
  /**
   * The level as the row states it: MUST, MUST NOT, SHOULD, SHOULD NOT, MAY, UNSPEC, and how the
   * rule was found where it is not a keyword of the prose: `MUST (prose)`, `MUST (schema)`,
   * `MUST (JSON-RPC)`, `(inferred)`; a trailing `*` marks a rule derived from a general one, and
   * `UNSPEC` a case the spec leaves open (a probe that fails only on a crash or a hang).
   */
  level: string;
  /** page#anchor under the revision's spec root, https://modelcontextprotocol.io/specification/<revision>/. */
  spec: string;
  /** Further page#anchor references the row also rests on. */
  also?: string[];
  transport: RequirementTransport;
  /** One line in our own words. */
  summary: string;
}
