// SARIF 2.1.0 for code scanning: one rule per check that ran, one result per check that failed,
// warned or was inconclusive (a `note`: no verdict, but never dropped; a baselined failure is a
// suppressed result), and after them the fuzz findings (sarif-fuzz.ts). Every result points at one
// file the repository holds (the config file or the server's entry point), else at the results file.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { profileNames } from './profile-text.js';
import type { Verdict } from '../harness/results/vocabulary.js';
import type { CheckResult, RunResults } from '../harness/results/results.js';
import { oneLine } from './text.js';
import { redactionNote } from '../harness/results/redact.js';
import { outcomeText } from '../harness/results/outcome.js';
import { fuzzResults, fuzzRules } from './sarif-fuzz.js';

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

type SarifLevel = 'error' | 'warning' | 'note';

/** A rule's default level: what a miss of its requirement level means. */
const RULE_LEVEL: Record<string, SarifLevel> = { MUST: 'error', SHOULD: 'warning', MAY: 'note' };

/** The verdicts that become results; `unstable` (a miss that did not reproduce) is a warning, `error` (inconclusive) a note. */
const RESULT_LEVEL: Record<string, SarifLevel> = { fail: 'error', warn: 'warning', unstable: 'warning', error: 'note' };

/** What a result's message opens with when its verdict is not the plain failure its level says. */
const VERDICT_PREFIX: Record<string, string> = { unstable: '(unstable) ', error: '(inconclusive: no verdict) ' };

export const isSarifFinding = (verdict: Verdict): boolean => RESULT_LEVEL[verdict] !== undefined;

export interface SarifOptions {
  /** Repository-relative path (forward slashes) every result points at. */
  location: string;
  /**
   * Code scanning's category for this run (runAutomationDetails.id, `<category>/`): one SARIF upload of
   * several files of the same tool needs one category per file, e.g. one per target of a CI matrix.
   */
  category?: string;
}

function rule(check: CheckResult) {
  return {
    id: check.id,
    name: check.id.split('/').at(-1),
    shortDescription: { text: check.title },
    fullDescription: { text: check.requirement },
    helpUri: check.spec,
    help: { text: `${check.level}: ${check.requirement}\n${check.spec}` },
    defaultConfiguration: { level: RULE_LEVEL[check.level] ?? 'warning' },
    properties: { tags: ['mcp', check.revision, check.area, check.level] },
  };
}

function result(check: CheckResult, ruleIndex: number, location: string) {
  const reason = oneLine(check.reason ?? check.title, 1000);
  // A pending check (not in the scored profile) is shown as a note, whatever its verdict.
  const pending = check.pending === undefined ? '' : `(pending, ${check.verdict}: not scored) `;
  return {
    ruleId: check.id,
    ruleIndex,
    level: pending ? 'note' : RESULT_LEVEL[check.verdict],
    message: {
      text: `${pending}${VERDICT_PREFIX[check.verdict] ?? ''}${reason} (${check.transport}; ${check.level} ${check.spec})`,
    },
    locations: [{ physicalLocation: { artifactLocation: { uri: location }, region: { startLine: 1 } } }],
    // One finding per check and transport: GitHub matches it across runs by this, not by line.
    partialFingerprints: { 'mcpConformCheck/v1': `${check.id}|${check.transport}` },
    ...(check.expectedFailure
      ? {
          suppressions: [
            {
              kind: 'external',
              justification: `listed in the expected-failures baseline (${check.expectedFailure.pattern})`,
            },
          ],
        }
      : {}),
  };
}

/** The run's error, or an outcome that is neither pass nor fail (inconclusive, not applicable), said where a viewer shows the run. */
function notifications(results: RunResults) {
  const said = [];
  if (results.error) said.push({ level: 'error', message: { text: oneLine(results.error, 1000) } });
  if (results.outcome === 'inconclusive' || results.outcome === 'no-verdicts')
    said.push({ level: 'note', message: { text: outcomeText(results.outcome, results.exitCode) } });
  return said.length > 0 ? { toolExecutionNotifications: said } : {};
}

export function renderSarif(results: RunResults, options: SarifOptions) {
  const rules = new Map<string, number>();
  const ruleList: Array<ReturnType<typeof rule> | ReturnType<typeof fuzzRules>[number]> = [];
  for (const check of results.checks) {
    if (rules.has(check.id)) continue;
    rules.set(check.id, ruleList.length);
    ruleList.push(rule(check));
  }
  for (const fuzzRule of fuzzRules(results)) {
    rules.set(fuzzRule.id, ruleList.length);
    ruleList.push(fuzzRule);
  }
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'mcp-conform', semanticVersion: results.tool.version, rules: ruleList } },
        ...(options.category ? { automationDetails: { id: `${options.category.replace(/\/+$/, '')}/` } } : {}),
        invocations: [{ executionSuccessful: results.exitCode !== 2, ...notifications(results) }],
        results: [
          ...results.checks
            .filter((check) => isSarifFinding(check.verdict))
            .map((check) => result(check, rules.get(check.id)!, options.location)),
          ...fuzzResults(results, (id) => rules.get(id)!, options.location),
        ],
        properties: {
          outcome: results.outcome,
          target: `${results.target.transport} ${results.target.description}`,
          ...(profileNames(results).length > 0 ? { profiles: profileNames(results) } : {}),
          ...(redactionNote(results) ? { redaction: redactionNote(results) } : {}),
        },
      },
    ],
  };
}

export function writeSarif(results: RunResults, file: string, options: SarifOptions): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, JSON.stringify(renderSarif(results, options), null, 1) + '\n');
}

/**
 * The first candidate that is a file inside `root`, as a forward-slash relative path (code
 * scanning rejects a location outside the repository); else `fallback`, made relative the same way.
 */
export function sarifLocation(
  candidates: Array<string | undefined>,
  fallback: string,
  root: string,
  exists: (file: string) => boolean,
): string {
  const inside = (file: string) => {
    const relative = path.relative(root, path.resolve(root, file));
    return relative === '' || relative.startsWith('..') || path.isAbsolute(relative)
      ? undefined
      : relative.split(path.sep).join('/');
  };
  for (const candidate of candidates) {
    const relative = candidate === undefined ? undefined : inside(candidate);
    if (relative !== undefined && exists(path.resolve(root, candidate!))) return relative;
  }
  return inside(fallback) ?? path.basename(fallback);
}

/** The files a stdio command line names (its command, or an argument that is a file): candidates for the entry point. */
export function entryPointCandidates(target: {
  kind: string;
  command?: string;
  args?: string[];
  cwd?: string;
}): string[] {
  if (target.kind !== 'stdio') return [];
  const words = [target.command ?? '', ...(target.args ?? [])].filter((word) => word !== '' && !word.startsWith('-'));
  return words.map((word) => path.resolve(target.cwd ?? process.cwd(), word));
}
