// Runs the real harness against fixture servers, the way the CLI does.
import { ALL_CHECKS } from '../../suites/index.js';
import { runChecks, type RunRequest } from '../../harness/runner/run.js';
import type { RunResults } from '../../harness/results/results.js';
import type { TargetSpec } from '../../harness/target.js';
import type { Revision, Verdict } from '../../harness/model.js';
import { REFERENCE_BUNDLE, startHttpFixture, type HttpFixture } from './fixture-process.js';
import type { AuthTokens } from '../../harness/checks/auth-tokens.js';
import { startEmbeddedIssuer, type EmbeddedIssuer } from '../../harness/auth/embedded-issuer.js';

export const REFERENCE = REFERENCE_BUNDLE;

export interface ReferenceOptions {
  mutants?: string[];
  era?: 'dual' | 'modern' | 'legacy';
  /** Most subscriptions/listen the server holds open at once. */
  listenLimit?: number;
  /** How long the server keeps counting a cancelled listen against its limit. */
  listenReleaseMs?: number;
  /** KB of padding in tools/list answers. */
  padToolsListKb?: number;
  /** Leave server/discover unanswered, as a legacy server may. */
  silentToDiscover?: boolean;
  /** List only 2026-07-28 in server/discover, though initialize negotiates legacy versions. */
  discoverModernOnly?: boolean;
  /** HTTP: a protected resource trusting the embedded authorization server; the target sends its valid token on every request. */
  protected?: boolean;
}

/** One embedded authorization server per test worker, started when a protected server first needs it. */
let issuer: Promise<EmbeddedIssuer> | undefined;
export function embeddedIssuer(): Promise<EmbeddedIssuer> {
  issuer ??= startEmbeddedIssuer();
  return issuer;
}

/** The scope the protected reference server asks for (http-auth.ts). */
export const REFERENCE_SCOPE = 'mcp:tools';

function referenceArgs(options: ReferenceOptions, authIssuer?: string): string[] {
  const args: string[] = [];
  if (options.mutants?.length) args.push('--mutant', options.mutants.join(','));
  if (options.era) args.push('--era', options.era);
  if (options.listenLimit !== undefined) args.push('--listen-limit', String(options.listenLimit));
  if (options.listenReleaseMs !== undefined) args.push('--listen-release-ms', String(options.listenReleaseMs));
  if (options.silentToDiscover) args.push('--silent-to-discover');
  if (options.discoverModernOnly) args.push('--discover-modern-only');
  if (options.padToolsListKb !== undefined) args.push('--pad-tools-list', String(options.padToolsListKb));
  if (authIssuer) args.push('--auth-issuer', authIssuer);
  return args;
}

export function referenceStdio(options: ReferenceOptions = {}): TargetSpec {
  return { kind: 'stdio', command: process.execPath, args: [REFERENCE, '--stdio', ...referenceArgs(options)] };
}

export async function referenceHttp(
  options: ReferenceOptions = {},
): Promise<{ target: TargetSpec; fixture: HttpFixture; authTokens?: AuthTokens }> {
  const authority = options.protected ? await embeddedIssuer() : undefined;
  const fixture = await startHttpFixture(process.execPath, [
    REFERENCE,
    '--http',
    ...referenceArgs(options, authority?.issuer),
  ]);
  if (!authority) return { target: { kind: 'http', url: fixture.url, headers: {} }, fixture };
  const authTokens = await authority.mint(fixture.url, REFERENCE_SCOPE);
  const headers = { Authorization: `Bearer ${authTokens.valid}` };
  return { target: { kind: 'http', url: fixture.url, headers }, fixture, authTokens };
}

export function run(target: TargetSpec, options: Partial<Omit<RunRequest, 'target'>> = {}): Promise<RunResults> {
  return runChecks({ target, checks: [...ALL_CHECKS], requestTimeoutMs: 5000, ...options });
}

export const BOTH: Revision[] = ['2026-07-28', '2025-11-25'];

export function idsWith(results: RunResults, verdicts: Verdict[]): string[] {
  return results.checks
    .filter((check) => verdicts.includes(check.verdict))
    .map((check) => check.id)
    .sort();
}

/** One line per non-passing check, for assertion messages. */
export function explain(results: RunResults): string {
  return results.checks
    .filter((check) => check.verdict !== 'pass' && check.verdict !== 'skip')
    .map((check) => `${check.verdict} ${check.id}: ${check.reason}`)
    .join('\n');
}
