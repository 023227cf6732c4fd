// The maintenance scripts as a user runs them: --help prints the usage, a mistyped option is a
// line and the usage on stderr with exit 2, never a stack trace.
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, test } from 'vitest';
import { PROJECT_ROOT } from '../helpers/fixture-process.js';

const SCRIPTS = ['fuzz-baseline', 'fuzz-campaign', 'bench', 'bench-fuzz', 'stability', 'profile-bump', 'readme-levels'];
const script = (name: string, args: string[]) =>
  execa(process.execPath, [path.join(PROJECT_ROOT, 'dist/scripts', name, 'main.js'), ...args], { reject: false });

describe.each(SCRIPTS)('npm run %s', (name) => {
  test('--help prints the usage and exits 0', async () => {
    const result = await script(name, ['--help']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Usage: npm run ${name} -- \\[options\\]\\n(  --\\S+.*\\n?)+$`));
  });

  test('an unknown option: one line naming it, the usage, exit 2', async () => {
    const result = await script(name, ['--no-such-option']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^Unknown option '--no-such-option'/);
    expect(result.stderr).toContain(`Usage: npm run ${name}`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
