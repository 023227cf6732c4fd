// `mcp-conform list`: every check with its level, revision and spec link, without a server;
// with --requirements, the requirement index with what covers each row.
import { parseOptions } from './parse-options.js';
import { ALL_CHECKS } from '../../../suites/index.js';
import { selectIds } from '../../results/select.js';
import { renderRequirementListings, requirementListings } from './requirements-list.js';

export const LIST_HELP = `Usage: mcp-conform list [pattern...] [--requirements] [--json]

Lists checks without connecting to anything. A pattern is an id prefix
(2026-07-28/meta) or a glob (*/stdio/*).

With --requirements, lists the requirement index of each revision instead
(suites/<revision>/requirements.ts): per row its id, level, how many checks
and fuzz properties cite it ("covered by N") or "uncovered", and a one-line
summary; then the totals (rows, MUST/SHOULD server rows covered). A pattern
then selects rows by <revision>/<id> (2025-11-25, '*/SESS-*').

Options:
  --requirements  list the requirement index with its coverage
  --json          print the checks (or the index) as JSON
  -h, --help      show this help

Examples:
  mcp-conform list                          every check of both revisions
  mcp-conform list 2026-07-28/meta          one spec area
  mcp-conform list '*/stdio/*' '*/ping/*'   globs over both revisions (quote them)
  mcp-conform list 2025-11-25 --json        machine-readable, with requirement and catalog ids
  mcp-conform list --requirements           every requirement row and what covers it
  mcp-conform list --requirements '*/HTTP-*' --json   some rows, with covering check and property ids`;

export async function listCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions({
    args: argv,
    allowPositionals: true,
    options: { json: { type: 'boolean' }, requirements: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    process.stdout.write(LIST_HELP + '\n');
    return 0;
  }
  if (values.requirements) {
    const listings = requirementListings(positionals);
    process.stdout.write(values.json ? JSON.stringify(listings, null, 2) + '\n' : renderRequirementListings(listings));
    return 0;
  }
  const checks = selectIds([...ALL_CHECKS], positionals);
  if (values.json) {
    const rows = checks.map((c) => ({
      id: c.id,
      title: c.title,
      level: c.level,
      revision: c.revision,
      area: c.area,
      transports: c.transports,
      requires: c.requires ?? [],
      spec: c.specUrl,
      catalog: c.catalog ?? [],
      requirement: c.requirement,
    }));
    process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
    return 0;
  }
  for (const c of checks) {
    const where = c.transports.length === 1 ? ` [${c.transports[0]}]` : '';
    process.stdout.write(`${c.level.padEnd(6)} ${c.id}${where}\n       ${c.title}\n       ${c.specUrl}\n`);
  }
  process.stdout.write(`${checks.length} checks\n`);
  return 0;
}
