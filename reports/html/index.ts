// The HTML report: one self-contained file (inline style and script, no fetches, strict CSP)
// rendered from the results JSON, which it also embeds for the transcripts and for reuse.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isObject } from '../../harness/results/vocabulary.js';
import type { RunResults } from '../../harness/results/results.js';
import { renderBaseline } from './baseline.js';
import { renderChecks, renderProblems } from './checks.js';
import { CLIENT_SCRIPT } from './client-script.js';
import { esc, jsonForScript } from './escape.js';
import { renderFilters } from './filters.js';
import { renderFuzz } from './fuzz.js';
import { renderMatrix } from './matrix.js';
import { STYLE } from './style.js';
import { renderHeader, renderSummary } from './summary.js';

/** Nothing may be fetched: the page works from disk, offline, and inside strict artefact viewers. */
export const REPORT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

function titleOf(results: RunResults): string {
  const info = results.revisions.find((r) => isObject(r.profile?.serverInfo))?.profile?.serverInfo as
    | { name?: unknown }
    | undefined;
  return `mcp-conform: ${typeof info?.name === 'string' ? info.name : results.target.description} — ${results.outcome}`;
}

/** The page's head and opening body: the CSP, no referrer, no icon fetch, the inline style. */
export function pageStart(title: string, style = STYLE): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<link rel="icon" href="data:,">
<style>${style}</style>
</head>
<body>`;
}

/**
 * What went wrong comes first: the failures and warnings (checks, then fuzz findings) and the
 * baseline; then the counts and the server; then the filters, the matrix and the checks that
 * passed or were skipped. A run without checks (fuzz only) has no check sections at all.
 */
function main(results: RunResults): string {
  const checks = results.checks.length > 0;
  const sections = [
    checks ? renderProblems(results) : '',
    renderFuzz(results),
    renderBaseline(results),
    checks || results.revisions.length > 0 ? renderSummary(results) : '',
    checks ? `${renderFilters(results)}\n${renderMatrix(results)}\n${renderChecks(results)}` : '',
  ];
  if (!checks && !results.fuzz) sections.push('<p class="muted">No checks were run.</p>');
  return sections.filter(Boolean).join('\n');
}

export function renderHtml(results: RunResults): string {
  return `${pageStart(titleOf(results))}
${renderHeader(results)}
${main(results)}
<footer>Rendered by ${esc(results.tool.name)} ${esc(results.tool.version)} from results schemaVersion ${esc(results.schemaVersion)}. Everything the server sent is shown as text; the full results JSON is embedded below (element #mcp-conform-results).</footer>
<script type="application/json" id="mcp-conform-results">${jsonForScript(results)}</script>
<script>${CLIENT_SCRIPT}</script>
</body>
</html>
`;
}

export function writeHtml(results: RunResults, file: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, renderHtml(results));
}
