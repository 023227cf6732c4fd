// `npm run prove-check -- <check id or pattern>`: the mutant runs that prove a new check able to
// fail on every transport it applies to, and that no other mutant of its area, no fuzz-only mutant
// and the reference server as it is trip it (test/system/mutants.test.ts in check mode).
import { spawn } from 'node:child_process';
import { matchesPattern } from '../../harness/results/select.js';
import { ALL_CHECKS } from '../../suites/index.js';

const USAGE = `usage: npm run prove-check -- <check id or pattern>
  e.g. npm run prove-check -- 2026-07-28/meta/missing-meta
       npm run prove-check -- '2026-07-28/subscriptions/*'
Runs the mutants that name the checks (on every transport), the other mutants of their areas and
every fuzz-only mutant over them, and the reference server without a mutant; exits as vitest does.`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (args.length !== 1 || args[0].startsWith('-')) {
  process.stderr.write(`expected one check id or pattern\n${USAGE}\n`);
  process.exit(2);
}
const [pattern] = args;
const ids = ALL_CHECKS.map((check) => check.id);
const matched = ids.filter((id) => matchesPattern(id, pattern));
if (matched.length === 0) {
  const area = pattern.split('/').slice(0, 2).join('/');
  process.stderr.write(
    `"${pattern}" matches no check (the ids of an area: node dist/harness/faces/cli/bin.js list ${area})\n`,
  );
  process.exit(2);
}
process.stderr.write(
  `proving ${matched.length} check(s): ${matched.slice(0, 5).join(', ')}${matched.length > 5 ? ', ...' : ''}\n`,
);
const vitest = spawn('npx', ['vitest', 'run', 'test/system/mutants.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, MUTANTS_CHECK: pattern },
});
vitest.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
