// The table after several targets: one row each, in the config's order, numbers aligned.
import { expect, test } from 'vitest';
import { renderTargetsTable } from '../../reports/console-targets.js';
import { fakeResults } from './matrix-fakes.js';

test('a row per target: its outcome, exit status, counts and time; a harness error and a target never run say so', () => {
  const passed = fakeResults([
    ['2025-11-25/ping/a', 'pass'],
    ['2025-11-25/ping/b', 'skip'],
  ]);
  const failed = fakeResults([
    ['2025-11-25/ping/a', 'fail'],
    ['2025-11-25/ping/b', 'error'],
  ]);
  const table = renderTargetsTable([
    { name: 'good', exitCode: 0, results: passed, seconds: 1.26 },
    { name: 'broken server', exitCode: 1, results: failed, seconds: 12 },
    { name: 'ours', exitCode: 3, seconds: 0.5 },
    { name: 'late' },
  ]);
  expect(table.split('\n')).toEqual([
    'target         outcome        exit  pass  fail  warn  skip  error  unstable    time',
    'good           passed            0     1     0     0     1      0         0   1.3 s',
    'broken server  failed            1     0     1     0     0      1         0  12.0 s',
    'ours           harness error     3                                            0.5 s',
    'late           not run           -',
  ]);
});

test('server strings are shown, never obeyed', () => {
  expect(renderTargetsTable([{ name: 'evil\u001b[2J' }])).toContain('evil\\u001b[2J');
});
