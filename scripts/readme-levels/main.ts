// Maintenance: rewrites the README's table of levels that differ from their sentence's keyword.
//   npm run readme-levels
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_CHECKS } from '../../suites/index.js';
import { withLevelReasonTable } from './table.js';

const README = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../README.md');
fs.writeFileSync(README, withLevelReasonTable(fs.readFileSync(README, 'utf8'), ALL_CHECKS));
console.log(`wrote the level table of ${README}`);
