// A mistyped flag gets "did you mean" with the nearest known flag, as a mistyped config key does.
import { describe, expect, test } from 'vitest';
import { parseOptions } from '../../../../harness/faces/cli/parse-options.js';
import { UsageError } from '../../../../harness/faces/cli/target-options.js';
import { cli } from './cli-process.js';

const OPTIONS = { verbose: { type: 'boolean' }, requirements: { type: 'boolean' }, json: { type: 'string' } } as const;

describe('unknown flags', () => {
  test('a flag a few edits from a known one names it', () => {
    expect(() => parseOptions({ args: ['--verbos'], options: OPTIONS })).toThrow(
      new UsageError('unknown option --verbos; did you mean --verbose?'),
    );
    expect(() => parseOptions({ args: ['--requirments'], options: OPTIONS })).toThrow('did you mean --requirements?');
    expect(() => parseOptions({ args: ['--jsn=r.json'], options: OPTIONS })).toThrow(
      'unknown option --jsn; did you mean --json?',
    );
  });

  test('a flag near none keeps the plain unknown-option error, and known flags parse as before', () => {
    expect(() => parseOptions({ args: ['--completely-different'], options: OPTIONS })).toThrow(
      /^Unknown option '--completely-different'/,
    );
    expect(parseOptions({ args: ['--verbose', '--json', 'r.json'], options: OPTIONS }).values).toEqual({
      verbose: true,
      json: 'r.json',
    });
  });

  test('the command line prints the hint as a usage error (exit 2)', async () => {
    const run = await cli(['run', '--demo', '--verbos']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe('mcp-conform: unknown option --verbos; did you mean --verbose?');
    const list = await cli(['list', '--requirments']);
    expect(list.exitCode).toBe(2);
    expect(list.stderr).toContain('did you mean --requirements?');
  });
});
