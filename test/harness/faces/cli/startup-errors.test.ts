// A server that dies at start is reported with the line that names its error, whichever way the
// revision was chosen (probed, or asked for).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { cli } from './cli-process.js';

describe.concurrent('start-up errors', () => {
  test.each(['auto', '2026-07-28', '2025-11-25'])(
    '--revision %s: a missing entry point shows "Error: Cannot find module ..."',
    async (revision) => {
      const missing = path.join(mkdtempSync(path.join(tmpdir(), 'mcp-conform-startup-')), 'build/server.js');
      const result = await cli([
        'run',
        '--quiet',
        '--revision',
        revision,
        '--timeout',
        '2000',
        '--',
        process.execPath,
        missing,
      ]);
      expect(result.exitCode).toBe(2);
      const last = result.stderr.trim().split('\n').at(-1);
      expect(last).toBe(
        `mcp-conform: server exited with code 1${revision === 'auto' ? ' before answering' : ''}; stderr: Error: Cannot find module '${missing}'`,
      );
    },
  );
});
