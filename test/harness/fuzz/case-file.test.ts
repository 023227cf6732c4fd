// A finding's case file is never overwritten: a rerun of the same seed and path that finds it
// again writes beside it, and the earlier evidence stays as it was.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { CASE_FILE_FORMAT, type CaseFile, readCaseFile, writeCaseFile } from '../../../harness/fuzz/case-file.js';

const file = (createdAt: string): CaseFile => ({
  format: CASE_FILE_FORMAT,
  id: 'fuzz/2026-07-28/ids/same-id',
  property: { id: '2026-07-28/ids/same-id', title: 't', requirement: 'r', level: 'MUST', spec: 'https://example.test' },
  revision: '2026-07-28',
  transport: 'stdio',
  target: 'server',
  seed: 3,
  path: '4:1',
  counterexample: 1,
  case: { steps: [{ label: 'l', text: '{}\n', slots: [] }] },
  failures: [],
  replayCommand: 'mcp-conform fuzz --seed 3 --path 4:1',
  wire: [],
  createdAt,
});

describe('case files', () => {
  test('a second finding of the same seed and path is written beside the first, not over it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-case-file-'));
    const first = writeCaseFile(dir, file('first'));
    const second = writeCaseFile(dir, file('second'));
    const third = writeCaseFile(dir, file('third'));
    expect(second).toBe(first.replace(/\.json$/, '-2.json'));
    expect(third).toBe(first.replace(/\.json$/, '-3.json'));
    expect(readdirSync(dir)).toHaveLength(3);
    expect([first, second, third].map((f) => readCaseFile(f).createdAt)).toEqual(['first', 'second', 'third']);
  });
});
