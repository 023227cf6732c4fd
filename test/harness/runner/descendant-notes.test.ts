import { describe, expect, test } from 'vitest';
import { descendantNotes, quoteCommand } from '../../../harness/runner/descendant-notes.js';

describe('descendantNotes', () => {
  test('one line per connection that left descendants, naming their pids and commands', () => {
    const notes = descendantNotes([
      { connection: 'stdio#1', ended: [], notKept: 0 },
      { connection: 'stdio#2', ended: [{ pid: 42, command: 'node daemon.js' }], notKept: 0 },
    ]);
    expect(notes).toEqual([
      'stdio#2: ended 1 descendant still running after the server exited, outside its process group and holding none of its pipes: pid 42 "node daemon.js"',
    ]);
  });

  test('bounded: five pids a line, twenty lines, the rest counted', () => {
    const ended = Array.from({ length: 8 }, (_, i) => ({ pid: 100 + i, command: 'x' }));
    const many = Array.from({ length: 25 }, (_, i) => ({ connection: `stdio#${i}`, ended, notKept: 0 }));
    const notes = descendantNotes(many);
    expect(notes).toHaveLength(21);
    expect(notes[0]).toMatch(/pid 104 "x", and 3 more$/);
    expect(notes[0]).not.toContain('pid 105');
    expect(notes[20]).toBe('5 more connections left descendants (not listed)');
  });

  test('descendants past the walk’s cap are said, not hidden', () => {
    expect(descendantNotes([{ connection: 'stdio#1', ended: [], notKept: 3000 }])).toEqual([
      'stdio#1: 3000 more descendants seen beyond the cap were not tracked and may still run',
    ]);
  });
});

describe('quoteCommand', () => {
  test('a command is untrusted: controls, quotes and bidi overrides are escaped, length cut', () => {
    expect(quoteCommand('a\nb\x1b[31m"c"\u202e\\')).toBe('"a\\u000ab\\u001b[31m\\"c\\"\\u202e\\\\"');
    expect(quoteCommand('y'.repeat(500))).toBe(`"${'y'.repeat(80)}…"`);
  });
});
