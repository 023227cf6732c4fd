// A stdio server gets an allow-list of the runner's environment and what the user sets, unless
// the whole environment is asked for; the results record the names only.
import { expect, test } from 'vitest';
import {
  ALLOWED_VARIABLES,
  serverEnvironment,
  serverEnvironmentNames,
} from '../../../harness/transports/server-env.js';

const RUNNER = {
  PATH: '/usr/bin',
  HOME: '/home/ci',
  JAVA_HOME: '/opt/jdk',
  DATABASE_URL: 'postgres://app:hunter2secret@db/x',
  GITHUB_TOKEN: 'ghp_abcdef',
};

test('by default only the allow-listed variables the runner has, and those set for the server', () => {
  expect(serverEnvironment({ env: { LOG_LEVEL: 'error', PATH: '/custom' } }, RUNNER)).toEqual({
    PATH: '/custom',
    HOME: '/home/ci',
    JAVA_HOME: '/opt/jdk',
    LOG_LEVEL: 'error',
  });
  expect(ALLOWED_VARIABLES).not.toContain('DATABASE_URL');
});

test('inheritEnv passes the whole environment, the set variables over it', () => {
  expect(serverEnvironment({ inheritEnv: true, env: { HOME: '/srv' } }, RUNNER)).toEqual({ ...RUNNER, HOME: '/srv' });
});

test('the names, sorted, never the values', () => {
  expect(serverEnvironmentNames({ env: { API_KEY: 'k-123456' } }, RUNNER)).toEqual([
    'API_KEY',
    'HOME',
    'JAVA_HOME',
    'PATH',
  ]);
});
