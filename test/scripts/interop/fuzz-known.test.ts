// The interop lab's fuzz baselines (interop/fuzz-known/<id>.yaml, read by `fuzz --known` through
// `npm run fuzz-baseline -- --interop`): one per lab implementation, each entry explained by a spec link.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadKnownFuzz } from '../../../harness/results/fuzz-known.js';
import { discover } from '../../../scripts/interop/build.js';
import { PROJECT_ROOT } from '../../helpers/fixture-process.js';

const INTEROP = path.join(PROJECT_ROOT, 'interop');
const FILES = readdirSync(path.join(INTEROP, 'fuzz-known')).filter((name) => name.endsWith('.yaml'));

describe('interop fuzz baselines', () => {
  test('each file is named after a lab implementation', () => {
    const ids = discover(INTEROP).map((lab) => lab.manifest.id);
    expect(FILES.length).toBeGreaterThan(0);
    for (const file of FILES) expect(ids).toContain(file.replace(/\.yaml$/, ''));
  });

  test.each(FILES)('%s: every entry parses and its why links the spec sentence it rests on', (file) => {
    const known = loadKnownFuzz(path.join(INTEROP, 'fuzz-known', file));
    expect(known.entries.length).toBeGreaterThan(0);
    for (const entry of known.entries)
      expect(entry.why).toMatch(/https:\/\/(modelcontextprotocol\.io\/specification|www\.jsonrpc\.org)\//);
  });
});
