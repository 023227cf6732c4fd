// scripts/interop: builds every interop/<id> server into a cache, runs mcp-conform on each
// implementation x transport, and compares every verdict with interop/expectations.yaml.
// With --published, the same for the published servers of interop/published.yaml.
//   npm run interop [-- --only go-sdk,python-mcp --transport stdio --slice ci --cache DIR]
//   npm run interop -- --published [--slice published-ci]
// Exit 0: every cell as expected; 1: a cell differs or a run failed; 2: usage or manifest error.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunResults } from '../../harness/results/results.js';
import { build, discover, type BuildOutcome, type Lab } from './build.js';
import {
  compareCell,
  parseExpectations,
  parseExpectationsValue,
  type Difference,
  type Expectations,
} from './expectations.js';
import { parseOptions, USAGE, type InteropOptions } from './options.js';
import { launchTarget, type CellKind, type LaunchedTarget } from './launch.js';
import { killAll, runBounded } from './processes.js';
import { inTurns } from './in-turns.js';
import { parsePublished } from './published.js';
import { suggestYaml } from './suggest.js';
import { sweep } from './sweep.js';
import { renderTable, type Cell } from './table.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BIN = path.join(ROOT, 'dist/harness/faces/cli/bin.js');
const INTEROP = path.join(ROOT, 'interop');

interface CellRun {
  cell: Cell;
  results?: RunResults;
  differences: Difference[];
  file?: string;
}

async function runCell(
  lab: Lab,
  transport: CellKind,
  built: BuildOutcome,
  options: InteropOptions,
  expectations: Expectations,
): Promise<CellRun> {
  const label = `${lab.manifest.id}.${transport}`;
  const file = path.join(options.cache, 'results', `${label}.json`);
  const failed = (reason: string): CellRun => ({
    cell: { label, state: 'run failed', reason, checks: [], differing: new Set([label]) },
    differences: [{ check: label, expected: 'a run with verdicts', actual: reason }],
  });
  rmSync(file, { force: true });
  let target: LaunchedTarget;
  try {
    target = await launchTarget(lab, transport, built);
  } catch (error) {
    return failed(`server did not start: ${(error as Error).message}`);
  }
  let finished;
  try {
    finished = await runBounded(
      [
        process.execPath,
        BIN,
        'run',
        '--revision',
        'auto',
        '--quiet',
        '--json',
        file,
        ...(options.requestTimeoutMs !== undefined ? ['--timeout', String(options.requestTimeoutMs)] : []),
        ...target.args,
      ],
      { cwd: ROOT, env: {}, timeoutMs: options.runTimeoutMs },
    );
  } finally {
    await target.stop();
    sweep([built.src, built.out]);
  }
  if (finished.timedOut) return failed(`mcp-conform run killed after ${options.runTimeoutMs / 1000} s`);
  if (!existsSync(file))
    return failed(
      `mcp-conform run exited ${finished.code ?? finished.signal} without results: ${finished.output.trim().split('\n').slice(-2).join(' | ')}`,
    );
  const results = JSON.parse(readFileSync(file, 'utf8')) as RunResults;
  if (results.exitCode === 2)
    return { ...failed(`mcp-conform run: ${results.outcome}${results.error ? `: ${results.error}` : ''}`), file };
  const differences = compareCell(results, expectations.get(lab.manifest.id)?.get(transport));
  const cell: Cell = {
    label,
    state: 'ran',
    checks: results.checks,
    differing: new Set(differences.map((d) => d.check)),
    ms: finished.ms,
  };
  return { cell, results, differences, file };
}

function reportHasMatrix(): boolean {
  try {
    return /\breport matrix\b/.test(execFileSync(process.execPath, [BIN, 'report', '--help'], { encoding: 'utf8' }));
  } catch {
    return false;
  }
}

/** The lab's own servers (<dir>/<id>/lab.json) or the published ones (<dir>/published.yaml). */
function load(options: InteropOptions): { labs: Lab[]; expectations: Expectations; file: string } {
  const labDir = options.labDir ?? INTEROP;
  if (options.published) {
    const file = path.join(labDir, 'published.yaml');
    if (!existsSync(file)) throw new Error(`--published: no ${file}`);
    const table = parsePublished(readFileSync(file, 'utf8'), path.join(labDir, 'published'), path.relative(ROOT, file));
    return { labs: table.labs, expectations: parseExpectationsValue(table.expectations, file), file };
  }
  const file = path.join(labDir, 'expectations.yaml');
  const expectations = parseExpectations(existsSync(file) ? readFileSync(file, 'utf8') : '');
  return { labs: discover(labDir), expectations, file };
}

async function main(): Promise<number> {
  const began = performance.now();
  let options: InteropOptions;
  let labs: Lab[];
  let expectations: Expectations;
  let expectationsFile: string;
  try {
    options = parseOptions(process.argv.slice(2));
    if (options.help) {
      console.log(USAGE);
      return 0;
    }
    ({ labs, expectations, file: expectationsFile } = load(options));
    // Published servers build and report in a folder of their own: their ids are not the lab's.
    if (options.published) options = { ...options, cache: path.join(options.cache, 'published') };
    for (const [flag, ids] of [
      ['--only', options.only ?? []],
      ['--skip', options.skip],
    ] as const) {
      const unknown = ids.filter((id) => !labs.some((lab) => lab.manifest.id === id));
      if (unknown.length > 0)
        throw new Error(
          `${flag}: no ${options.published ? 'server in published.yaml' : 'interop/<id>/lab.json'} for ${unknown.join(', ')} (found: ${labs.map((l) => l.manifest.id).join(', ')})`,
        );
    }
    if (!existsSync(BIN)) throw new Error(`${path.relative(ROOT, BIN)} is missing: run npm run build first`);
  } catch (error) {
    console.error((error as Error).message);
    console.error(USAGE);
    return 2;
  }
  const chosen = labs.filter(
    (lab) => (!options.only || options.only.includes(lab.manifest.id)) && !options.skip.includes(lab.manifest.id),
  );
  if (options.skip.length > 0) console.log(`left out by --skip: ${options.skip.join(', ')}`);
  mkdirSync(path.join(options.cache, 'results'), { recursive: true });
  console.log(
    `mcp-conform interop${options.published ? ' (published servers)' : ''}: ${chosen.length} implementation(s), ${options.transports.join(' + ')}; cache ${options.cache}`,
  );

  const builds = new Map<string, BuildOutcome>();
  for (const lab of chosen) {
    const outcome = await build(lab, options.cache, options.buildTimeoutMs, (line) => console.log(line));
    builds.set(lab.manifest.id, outcome);
    const seconds = (outcome.ms / 1000).toFixed(1);
    console.log(
      `build ${lab.manifest.id}: ${outcome.built ? (outcome.reused ? 'unchanged, reused' : `built in ${seconds} s`) : `not built: ${outcome.reason}`}`,
    );
  }

  // One implementation's cells run in turn (each sweeps its own build's processes); up to
  // options.jobs implementations at once. Cells keep the lab's order in the table.
  const runCellsOf = async (lab: Lab): Promise<CellRun[]> => {
    const cells: CellRun[] = [];
    // A lab with a protected variant adds its http-auth cell wherever http runs.
    const kinds: CellKind[] = options.transports.flatMap((t) =>
      t === 'http' && lab.manifest.auth ? [t, 'http-auth' as const] : [t],
    );
    for (const transport of kinds) {
      if (transport === 'http' && !lab.manifest.http) continue;
      const built = builds.get(lab.manifest.id)!;
      const label = `${lab.manifest.id}.${transport}`;
      if (!built.built) {
        // A cell that did not run is never as expected: only --skip leaves one out.
        cells.push({
          cell: { label, state: 'not built', reason: built.reason, checks: [], differing: new Set([label]) },
          differences: [{ check: label, expected: 'a built implementation', actual: `not built: ${built.reason}` }],
        });
        continue;
      }
      const run = await runCell(lab, transport, built, options, expectations);
      cells.push(run);
      const totals = run.results?.summary;
      console.log(
        `run ${label}: ${run.cell.state === 'ran' ? `${((run.cell.ms ?? 0) / 1000).toFixed(1)} s, ${totals?.pass} pass ${totals?.fail} fail ${totals?.warn} warn ${totals?.error} error ${totals?.unstable} unstable ${totals?.skip} skip` : `${run.cell.state}: ${run.cell.reason}`}; ${run.differences.length} difference(s)`,
      );
    }
    return cells;
  };
  const runs = (await inTurns(chosen, options.jobs, runCellsOf)).flat();

  console.log('');
  for (const line of renderTable(
    runs.map((r) => r.cell),
    { showSkips: options.showSkips },
  ))
    console.log(line);
  const differing = runs.filter((run) => run.differences.length > 0);
  for (const run of differing) {
    console.log(
      `\n${run.cell.label}: ${run.differences.length} difference(s) from ${path.relative(ROOT, expectationsFile)}`,
    );
    for (const d of run.differences) console.log(`  ${d.check}\n    expected ${d.expected}\n    actual   ${d.actual}`);
    if (options.suggest && run.results) {
      const [impl, transport] = run.cell.label.split('.');
      console.log(
        `\n# --suggest for ${run.cell.label} (review every entry; a TODO is not an explanation):\n${suggestYaml(impl!, transport!, run.results.checks)}`,
      );
    }
  }

  const files = runs.flatMap((run) => (run.results && run.file ? [run.file] : []));
  if (files.length > 0 && reportHasMatrix()) {
    const html = path.join(options.cache, 'matrix.html');
    const json = path.join(options.cache, 'matrix.json');
    const finished = await runBounded(
      [process.execPath, BIN, 'report', 'matrix', ...files, '--html', html, '--json', json],
      { cwd: ROOT, env: {}, timeoutMs: 120_000 },
    );
    console.log(
      finished.code === 0 || finished.code === 1
        ? `matrix: ${html}, ${json}`
        : `report matrix exited ${finished.code}: ${finished.output.trim().split('\n').slice(-2).join(' | ')}`,
    );
  }
  const total = runs.reduce((n, run) => n + run.differences.length, 0);
  const notRun = runs.filter((run) => run.cell.state !== 'ran').map((run) => run.cell.label);
  const verdict =
    runs.length === 0
      ? 'no cell ran'
      : total === 0
        ? 'every cell as expected'
        : `${total} difference(s) in ${differing.length} cell(s)${notRun.length > 0 ? `; did not run: ${notRun.join(', ')}` : ''}`;
  const seconds = ((performance.now() - began) / 1000).toFixed(0);
  console.log(`\n${verdict}; results in ${path.join(options.cache, 'results')}; ${seconds} s in all`);
  return total === 0 && runs.length > 0 ? 0 : 1;
}

main()
  .then((code) => {
    killAll();
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    killAll();
    console.error(error);
    process.exitCode = 1;
  });
