// The implementation matrix page: one self-contained file (inline style and script, a CSP that
// forbids every fetch), rendered from the matrix JSON, which it embeds for reuse.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ImplementationMatrix } from '../../harness/results/implementation-matrix.js';
import { esc, jsonForScript } from '../html/escape.js';
import { pageStart } from '../html/index.js';
import { STYLE } from '../html/style.js';
import { MATRIX_SCRIPT } from './client-script.js';
import { renderMatrixFilters } from './filters.js';
import { renderMatrixHeader } from './header.js';
import { renderMatrixDetails, renderMatrixTable } from './table.js';

const MATRIX_STYLE = `
.impl-matrix th[data-impl] { min-width: 4.5rem; max-width: 9rem; font-size: .85rem; } .impl-matrix tr.group-row th { background: var(--panel); font-weight: 600; }
.impl-matrix td.cell.unique { outline: 3px solid var(--fail); outline-offset: -3px; } .unique-mark { color: var(--fail); margin-left: .2rem; }
.implementations td.rate { font-weight: 600; } .implementations td.conformance { min-width: 14rem; }
/* Long names, targets and ids wrap anywhere so eight implementations fit a 1280 px window. */
.implementations th[scope=row], .implementations td:nth-child(2), .impl-matrix th[data-impl], .impl-matrix th[scope=row] { overflow-wrap: anywhere; } .implementations td { white-space: nowrap; }
.implementations td:nth-child(2), .implementations td.conformance { white-space: normal; } .implementations thead .badge { font-size: .65rem; padding: 0 .15rem; } ul.statement { margin: 0; padding-left: 1rem; } section.detail { scroll-margin-top: 9rem; }
section.detail li, section.detail ul { scroll-margin-top: 9rem; } section.detail li:target { background: var(--panel); }
`;

export function renderMatrixHtml(matrix: ImplementationMatrix, tool: { name: string; version: string }): string {
  return `${pageStart(`mcp-conform: ${matrix.columns.length} implementations`, STYLE + MATRIX_STYLE)}
${renderMatrixHeader(matrix)}
${renderMatrixFilters(matrix)}
${renderMatrixTable(matrix)}
${renderMatrixDetails(matrix)}
<footer>Rendered by ${esc(tool.name)} ${esc(tool.version)} from matrixSchemaVersion ${esc(matrix.matrixSchemaVersion)}. Everything a server sent is shown as text; the matrix JSON is embedded below (element #mcp-conform-matrix).</footer>
<script type="application/json" id="mcp-conform-matrix">${jsonForScript(matrix)}</script>
<script>${MATRIX_SCRIPT}</script>
</body>
</html>
`;
}

export function writeMatrixHtml(
  matrix: ImplementationMatrix,
  tool: { name: string; version: string },
  file: string,
): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, renderMatrixHtml(matrix, tool));
}

export function writeMatrixJson(matrix: ImplementationMatrix, file: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, JSON.stringify(matrix, null, 1) + '\n');
}
