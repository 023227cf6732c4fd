// Maintenance: rewrites the README's table of levels that differ from their sentence's keyword.
//   npm run readme-levels              rewrite it
//   npm run readme-levels -- --check   exit 1 when it is not current
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_CHECKS } from '../../suites/index.js';
import { withLevelReasonTable } from './table.js';
import { scriptArgs } from '../shared/script-args.js';

const USAGE = `Usage: npm run readme-levels -- [options]
  --check   write nothing; exit 1 when the README's table is not current`;
const { check } = scriptArgs(USAGE, { check: { type: 'boolean' } });
const README = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../README.md');
const current = fs.readFileSync(README, 'utf8');
const wanted = withLevelReasonTable(current, ALL_CHECKS);
if (check) {
  console.log(
    wanted === current ? 'the level table is current' : 'the level table is stale: run npm run readme-levels',
  );
  process.exitCode = wanted === current ? 0 : 1;
} else {
  fs.writeFileSync(README, wanted);
  console.log(`wrote the level table of ${README}`);
}
