// --env NAME=VALUE sets a variable for a stdio server, --env NAME passes the runner's own, and
// --inherit-env gives it the whole environment; none of them fits a URL target.
import { describe, expect, test } from 'vitest';
import { targetWords } from '../../../../harness/faces/cli/fuzz-command.js';
import { parseEnv, targetFromFlags, UsageError } from '../../../../harness/faces/cli/target-options.js';

describe('--env and --inherit-env', () => {
  test('NAME=VALUE sets, NAME copies from the runner, an unset NAME is left out', () => {
    const runner = { DATABASE_URL: 'postgres://u:p@db/x', HOME: '/home/ci' };
    expect(parseEnv(['LOG_LEVEL=error', 'DATABASE_URL', 'NOT_SET'], runner)).toEqual({
      LOG_LEVEL: 'error',
      DATABASE_URL: 'postgres://u:p@db/x',
    });
    expect(() => parseEnv(['=x'], runner)).toThrow(UsageError);
  });

  test('the stdio target carries the variables, and inheritEnv only when asked', () => {
    const plain = targetFromFlags({ argv: ['node', 'server.js'], env: ['A=1'] });
    expect(plain).toEqual({ kind: 'stdio', command: 'node', args: ['server.js'], env: { A: '1' } });
    expect(plain).not.toHaveProperty('inheritEnv');
    expect(targetFromFlags({ stdio: 'node server.js', inheritEnv: true })).toMatchObject({ inheritEnv: true });
  });

  test('a URL target or --demo takes neither', () => {
    expect(() => targetFromFlags({ url: 'http://127.0.0.1/mcp', inheritEnv: true })).toThrow(
      '--cwd, --env and --inherit-env apply to stdio targets only',
    );
    expect(() => targetFromFlags({ demo: true, env: ['NAME'] })).toThrow('--demo takes no');
  });

  test("a fuzz finding's replay command keeps --inherit-env and --env NAME, and hides a secret --env value", () => {
    expect(targetWords({ inheritEnv: true, env: ['DATABASE_URL', 'API_TOKEN=t-123456'] }, ['node', 's.js'])).toEqual([
      '--inherit-env',
      '--env',
      'DATABASE_URL',
      '--env',
      'API_TOKEN=<value>',
      '--',
      'node',
      's.js',
    ]);
  });
});
