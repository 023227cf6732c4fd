// A crash finding quotes the server's stderr: its tail, and the line naming the error even when a
// deep stack trace pushes it out of the tail (the frames alone say nothing about what broke).
import { execa } from 'execa';
import { describe, expect, test } from 'vitest';
import { stderrExcerpt } from '../../../harness/fuzz/crash-text.js';

describe('stderrExcerpt', () => {
  test('keeps the RangeError line of a real stack overflow, not only its "at ..." frames', async () => {
    const crash = await execa(process.execPath, ['-e', 'function walk(n) { return walk(n + 1) + 1; }\nwalk(0);'], {
      reject: false,
    });
    expect(crash.exitCode).not.toBe(0);
    const lines = crash.stderr.trim().split('\n');
    expect(lines.slice(-5).join('\n'), 'the tail alone lacks the error line').not.toContain('RangeError');
    const excerpt = stderrExcerpt(crash.stderr);
    expect(excerpt.split('\n')[0]).toBe('RangeError: Maximum call stack size exceeded');
    expect(excerpt).toContain('\n…\n');
    expect(excerpt.endsWith(lines.at(-1)!)).toBe(true);
  });

  test('a short stderr is quoted whole, once', () => {
    const stderr = 'reference server: id 9007199254740992 does not fit an int64 slot\n';
    expect(stderrExcerpt(stderr)).toBe(stderr.trim());
    expect(stderrExcerpt('TypeError: x is not a function\n    at main (server.js:3:1)')).toBe(
      'TypeError: x is not a function\n    at main (server.js:3:1)',
    );
  });

  test('stays bounded: a long error line and a long tail are both cut', () => {
    const stderr = [
      `Error: ${'x'.repeat(5000)}`,
      ...Array.from({ length: 50 }, (_, i) => `    at frame${i} (${'y'.repeat(200)})`),
    ].join('\n');
    const excerpt = stderrExcerpt(stderr);
    expect(excerpt.length).toBeLessThan(520);
    expect(excerpt.startsWith('Error: xxx')).toBe(true);
    expect(excerpt.endsWith('frame49 (' + 'y'.repeat(200) + ')')).toBe(true);
  });

  test.each([
    [
      'Traceback (most recent call last):\n  File "s.py", line 1\n    boom()\nNameError: boom',
      'Traceback (most recent call last):',
    ],
    ['goroutine 1 [running]:\npanic: runtime error: index out of range', 'panic: runtime error: index out of range'],
    [
      'started\nError [ERR_STREAM_DESTROYED]: Cannot call write after a stream was destroyed',
      'Error [ERR_STREAM_DESTROYED]: Cannot call write after a stream was destroyed',
    ],
    [
      'Errors in config are ignored\nException in thread "main" java.lang.StackOverflowError',
      'Exception in thread "main" java.lang.StackOverflowError',
    ],
  ])('finds the first error line of other runtimes too: %j', (stderr, first) => {
    const padded = `${stderr}\n${Array.from({ length: 8 }, (_, i) => `\tframe ${i}`).join('\n')}`;
    expect(stderrExcerpt(padded).split('\n')[0]).toBe(first);
  });
});
