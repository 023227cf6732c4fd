// The project's requirement index agrees with the requirement catalogs it was drafted from
// (../shared/spec/spec-<revision>.md, or $MCP_CONFORM_SPEC_DIR): the same ids with the same levels.
// The catalogs live outside the repository; without them this is skipped.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { REVISIONS, type Revision } from '../../harness/model.js';
import { REQUIREMENTS } from '../../suites/requirements.js';
import { SPEC_DIR } from '../harness/schema/spec-data.js';

const catalogFile = (revision: Revision) => path.join(SPEC_DIR, `spec-${revision}.md`);
const HAS_CATALOGS = REVISIONS.every((revision) => fs.existsSync(catalogFile(revision)));
const skipNote = HAS_CATALOGS
  ? ''
  : ` (skipped: requirement catalogs not found under ${SPEC_DIR}; set MCP_CONFORM_SPEC_DIR)`;

function catalogRows(revision: Revision): Array<{ id: string; level: string }> {
  const text = fs.readFileSync(catalogFile(revision), 'utf8');
  return [...text.matchAll(/^\| ([A-Z]+-\d+) \| ([^|]+) \|/gm)].map((match) => ({
    id: match[1],
    level: match[2].trim(),
  }));
}

describe.skipIf(!HAS_CATALOGS)(`requirement index and catalogs${skipNote}`, () => {
  test.each(REVISIONS)("%s: the index has the catalog's ids, in its order, with its levels", (revision) => {
    const index = REQUIREMENTS[revision].map((row) => `${row.id} ${row.level}`);
    expect(index).toEqual(catalogRows(revision).map((row) => `${row.id} ${row.level}`));
  });
});
