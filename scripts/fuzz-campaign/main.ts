// scripts/fuzz-campaign: issue 34's measurement. The fuzzer against the official SDK 2.x stdio
// server behind the defect injector (test/fixtures/defect-injector), seed by seed, with
// --time-budget and --tool-calls all and the SDK's known-findings file; then once more with no
// defect (the clean server through the same proxy). Prints per defect the seeds that found it
// and the time to first finding (timing.ts says how it is measured), per property the cases run,
// and what the clean run found. Exits 1 when a defect is missed or the clean run has a finding.
//   npm run fuzz-campaign [-- --seeds 1,2,3 --time-budget 90 --defects all --each --out DIR]
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scriptArgs } from '../shared/script-args.js';
import { EXPECTED, type ExpectedDefect } from './expected.js';
import { fuzzOnce } from './run.js';
import { type Scored, scoreRun } from './score.js';
import { casesTable, defectTable, otherLines, type SeedScore } from './table.js';

const USAGE = `Usage: npm run fuzz-campaign -- [options]
  --seeds <n,...>        seeds to run (default 1,2,3)
  --time-budget <s>      the fuzzer's --time-budget per run (default 90)
  --defects <names>      all (default) or a comma list of the injector's defects
  --each                 one run per defect and seed instead of all defects at once
  --out <dir>            keep each run's results, console and injector log there`;

function chosen(value: string): ExpectedDefect[] {
  if (value === 'all') return EXPECTED;
  return value.split(',').map((name) => {
    const defect = EXPECTED.find((d) => d.name === name);
    if (!defect) throw new Error(`--defects: unknown ${name}; known: ${EXPECTED.map((d) => d.name).join(', ')}`);
    return defect;
  });
}

/** One fuzz run per seed with these defects, scored against them. */
async function runSeeds(
  defects: ExpectedDefect[],
  injected: string,
  seeds: number[],
  timeBudget: number,
  out: string,
): Promise<SeedScore[]> {
  const scores: SeedScore[] = [];
  for (const seed of seeds) {
    const dir = path.join(out, `${injected.replace(/,/g, '+').slice(0, 80)}-seed${seed}`);
    process.stdout.write(`fuzz --seed ${seed} --time-budget ${timeBudget}, defects ${injected} ... `);
    const run = await fuzzOnce({ seed, timeBudget, defects: injected, dir });
    // Exit 2: the fuzzer could not reach the server, so nothing was measured.
    if (run.exitCode === 2) throw new Error(`fuzz could not reach the injector: see ${dir}/console.txt`);
    const scored = scoreRun(run, defects);
    process.stdout.write(`${scored.found.size} of ${defects.length} found (${dir})\n`);
    scores.push({ seed, scored });
  }
  return scores;
}

/** The per-defect runs of --each, joined into one score per seed. */
function joined(perDefect: SeedScore[][], seeds: number[]): SeedScore[] {
  return seeds.map((seed, i) => {
    const scored: Scored = { found: new Map(), unexplained: [], cases: new Map(), inconclusive: [] };
    for (const runs of perDefect) {
      const one = runs[i].scored;
      for (const [name, found] of one.found) scored.found.set(name, found);
      scored.unexplained.push(...one.unexplained);
      scored.inconclusive.push(...one.inconclusive);
      for (const [property, cases] of one.cases) scored.cases.set(property, (scored.cases.get(property) ?? 0) + cases);
    }
    return { seed, scored };
  });
}

async function main(): Promise<void> {
  const values = scriptArgs(USAGE, {
    seeds: { type: 'string', default: '1,2,3' },
    'time-budget': { type: 'string', default: '90' },
    defects: { type: 'string', default: 'all' },
    each: { type: 'boolean' },
    out: { type: 'string' },
  });
  const seeds = values.seeds.split(',').map(Number);
  const timeBudget = Number(values['time-budget']);
  const defects = chosen(values.defects);
  const out = values.out ?? mkdtempSync(path.join(os.tmpdir(), 'mcp-conform-fuzz-campaign-'));
  process.stdout.write(
    `fuzz-campaign: SDK 2.x stdio behind the defect injector; ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}\n`,
  );
  const scores = values.each
    ? joined(await sequential(defects.map((d) => () => runSeeds([d], d.name, seeds, timeBudget, out))), seeds)
    : await runSeeds(defects, values.defects, seeds, timeBudget, out);
  process.stdout.write('clean server through the same proxy ... ');
  const cleanRun = await fuzzOnce({
    seed: seeds[0],
    timeBudget,
    defects: 'none',
    dir: path.join(out, `clean-seed${seeds[0]}`),
  });
  if (cleanRun.exitCode === 2)
    throw new Error(`fuzz could not reach the clean injector: see ${out}/clean-seed${seeds[0]}`);
  const clean = scoreRun(cleanRun, EXPECTED);
  const cleanFindings = [...clean.unexplained, ...[...clean.found.values()]];
  process.stdout.write(`${cleanFindings.length} finding(s) outside the known file\n\n`);

  const lines = [
    ...defectTable(defects, scores),
    '',
    'time to first finding: from the start of the fuzz command to the first case, in the property that reports the',
    'defect, where the injector applied it (its --log; "<=" the property\'s console line, after shrinking)',
    '',
    values.each ? 'cases per property (summed over the per-defect runs):' : 'cases per property:',
    ...casesTable(scores),
    ...otherLines(scores),
    '',
    `clean run, seed ${seeds[0]}: ${cleanFindings.length === 0 ? 'no finding outside the known file' : `${cleanFindings.length} finding(s) outside the known file`}`,
    ...cleanFindings.map((f) => `  ${f.property}: ${f.message.slice(0, 200)}`),
    ...clean.inconclusive.map((i) => `  inconclusive ${i.slice(0, 200)}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  const missed = defects.filter((d) => scores.some((s) => !s.scored.found.has(d.name)));
  if (missed.length > 0)
    process.stdout.write(`missed in some seed: ${missed.map((d) => `${d.name} (${d.scope})`).join(', ')}\n`);
  process.exitCode = missed.length > 0 || cleanFindings.length > 0 ? 1 : 0;
}

async function sequential<T>(jobs: Array<() => Promise<T>>): Promise<T[]> {
  const out: T[] = [];
  for (const job of jobs) out.push(await job());
  return out;
}

await main();
