import { expect, test } from 'vitest';
import { splitCommandLine } from '../../../harness/transports/command-line.js';

test.each([
  ['node server.js', ['node', 'server.js']],
  ['  npx -y @modelcontextprotocol/server-everything  ', ['npx', '-y', '@modelcontextprotocol/server-everything']],
  [`node "my server.js" --name 'a b'`, ['node', 'my server.js', '--name', 'a b']],
  [String.raw`node a\ b.js "q\"uote"`, ['node', 'a b.js', 'q"uote']],
  [`python -c ''`, ['python', '-c', '']],
])('%s', (line, argv) => {
  expect(splitCommandLine(line)).toEqual(argv);
});

test('rejects unterminated quotes and empty lines', () => {
  expect(() => splitCommandLine('node "x')).toThrow(/unterminated/);
  expect(() => splitCommandLine('   ')).toThrow(/empty/);
});
