// expect(server).toConform(revision): green only when the run would exit 0, and a failure names
// each failing check with its spec link.
import { Transform } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { conformMatchers } from '../../../harness/faces/vitest.js';
import type { InProcessServer } from '../../../harness/transports/in-process-server.js';
import { referenceInProcess } from '../../fixtures/reference-server/in-process.js';

expect.extend(conformMatchers);

const TOOLS = { checks: ['2026-07-28/tools'] };

/** The reference server with its tools' inputSchema renamed on the way out: tools/list breaks the schema. */
function toolsWithoutInputSchema(): InProcessServer {
  const reference = referenceInProcess();
  return {
    name: 'tools without inputSchema',
    connect({ input, output }) {
      const bend = new Transform({
        transform: (chunk, _encoding, done) => done(null, String(chunk).replaceAll('"inputSchema":', '"inputShape":')),
      });
      bend.pipe(output);
      return reference.connect({ input, output: bend });
    },
  };
}

describe('toConform', () => {
  test('an in-process server that passes every selected check conforms', async () => {
    await expect(referenceInProcess()).toConform('2026-07-28', TOOLS);
  });

  test('a server that fails checks does not conform; the message lists each failing check, spec link too', async () => {
    const outcome = await conformMatchers.toConform.call(
      { isNot: false },
      toolsWithoutInputSchema(),
      '2026-07-28',
      TOOLS,
    );
    expect(outcome.pass).toBe(false);
    const message = outcome.message();
    expect(message).toMatch(/^expected in-process: tools without inputSchema to conform\noutcome /);
    expect(message).toMatch(/\n {2}fail MUST 2026-07-28\/tools\/[\w-]+: .*\n {4}https:\/\/modelcontextprotocol\.io\//);
    await expect(expect(toolsWithoutInputSchema()).toConform('2026-07-28', TOOLS)).rejects.toThrow(/to conform/);
  });

  test('a run with nothing but skips does not conform: a skip is not a pass', async () => {
    const legacyOnly = referenceInProcess({ modern: false });
    const outcome = await conformMatchers.toConform.call({ isNot: false }, legacyOnly, '2026-07-28', TOOLS);
    expect(outcome.pass).toBe(false);
  });

  test('a command target is accepted too, as runConformance takes it', async () => {
    const outcome = await conformMatchers.toConform.call({ isNot: false }, { stdio: ['/nonexistent/server'] }, 'auto');
    expect(outcome.pass).toBe(false);
    expect(outcome.message()).toMatch(/outcome unreachable/);
  });
});
