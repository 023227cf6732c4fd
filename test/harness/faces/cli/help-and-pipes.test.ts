// Every command's --help shows examples that work, and a reader that closes the pipe early
// (`mcp-conform list | head -3`) ends the command quietly instead of with a stack trace.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { splitCommandLine } from '../../../../harness/transports/command-line.js';
import { BIN, cli } from './cli-process.js';

/** Runs the CLI with its stdout pipe already closed by the reader, as `| head` does after its lines. */
function withClosedStdout(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

describe.concurrent('help and pipes', () => {
  test("every command's --help shows examples", async () => {
    const commands = ['run', 'list', 'report', 'diff', 'fuzz', 'replay'];
    const results = await Promise.all(commands.map((command) => cli([command, '--help'])));
    results.forEach((result, index) => {
      expect(result.exitCode, commands[index]).toBe(0);
      expect(result.stdout, commands[index]).toMatch(/\nExamples:\n {2}mcp-conform /);
    });
  });

  test('the examples of list --help run as shown', async () => {
    const help = (await cli(['list', '--help'])).stdout;
    const examples = help
      .split('Examples:\n')[1]
      .split('\n')
      .map((line) => line.trim().split(/ {2,}/)[0]);
    expect(examples.length).toBeGreaterThan(2);
    const results = await Promise.all(examples.map((example) => cli(splitCommandLine(example).slice(1))));
    results.forEach((result, index) => {
      expect(result.exitCode, examples[index]).toBe(0);
      expect(result.stdout.length, examples[index]).toBeGreaterThan(0);
    });
  });

  test('list into a closed pipe ends quietly with exit 0', async () => {
    const { code, stderr } = await withClosedStdout(['list']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  test('run into a closed pipe still finishes and writes its reports', async () => {
    const json = path.join(mkdtempSync(path.join(tmpdir(), 'mcp-conform-cli-')), 'results.json');
    const { code, stderr } = await withClosedStdout([
      'run',
      '--demo',
      '--revision',
      '2026-07-28',
      '--check',
      '2026-07-28/lifecycle',
      '--quiet',
      '--json',
      json,
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(existsSync(json)).toBe(true);
  });
});
