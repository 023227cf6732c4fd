// Framing faults on stdout are findings, not unreachability (issue #27): the bytes of an answer
// arrived, so a byte order mark before it or invalid UTF-8 inside its strings fails
// stdout-only-jsonrpc, naming the fault, and every other check is judged as on the clean server.
// CRLF endings and floods of empty lines stay read as they were.
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { builtFixture } from '../helpers/fixture-process.js';
import { expectEveryReport, expectNothingLeft, runHostile } from '../helpers/hostile-run.js';

const HOSTILE_STDIO = builtFixture('fixtures/hostile/stdio-server.ts');
const STDOUT_CHECKS = ['2026-07-28/stdio/stdout-only-jsonrpc', '2025-11-25/stdio/stdout-only-jsonrpc'];
// Discovery, server/discover and initialize, tools/list with its descriptions, and the whole-run wire checks.
const SELECTION = [
  '2026-07-28/lifecycle',
  '2026-07-28/wire',
  '2026-07-28/tools',
  '2025-11-25/lifecycle',
  '2025-11-25/tools',
  ...STDOUT_CHECKS,
].flatMap((id) => ['--check', id]);
/** About 3 s alone; a hang or three discovery tries of an unreachable run are far past it. */
const BOUND_SECONDS = 90;

async function run(...flags: string[]) {
  const token = randomUUID();
  const result = await runHostile([
    '--timeout',
    '3000',
    ...SELECTION,
    '--',
    process.execPath,
    HOSTILE_STDIO,
    ...flags,
    token,
  ]);
  const { json } = expectEveryReport(result);
  await expectNothingLeft(token);
  expect(result.seconds).toBeLessThan(BOUND_SECONDS);
  const verdicts = new Map(json.checks.map((check) => [check.id, check]));
  return { exitCode: result.exitCode, stderr: result.stderr, verdicts };
}

let clean: ReturnType<typeof run> | undefined;
const cleanRun = () => (clean ??= run());

/** Every check but stdout-only-jsonrpc has the verdict it has on the clean server. */
async function expectOthersAsClean(faulty: Awaited<ReturnType<typeof run>>): Promise<void> {
  const yardstick = await cleanRun();
  const verdicts = (of: typeof faulty) =>
    [...of.verdicts.values()].filter((check) => !STDOUT_CHECKS.includes(check.id)).map((c) => `${c.id} ${c.verdict}`);
  expect(verdicts(faulty)).toEqual(verdicts(yardstick));
  expect(verdicts(faulty).length).toBeGreaterThan(20);
}

describe('stdio framing faults', () => {
  test('the clean fixture: exit 0, stdout-only-jsonrpc passes in both revisions', async () => {
    const yardstick = await cleanRun();
    expect(yardstick.exitCode, yardstick.stderr).toBe(0);
    for (const id of STDOUT_CHECKS) expect(yardstick.verdicts.get(id)?.verdict).toBe('pass');
  });

  test.each([
    [
      '--utf8-in-strings',
      /message\(s\) were read only by mending their bytes; .*invalid UTF-8 at byte \d+ of the line \(ffc328/,
    ],
    ['--bom', /message\(s\) were read only by mending their bytes; .*UTF-8 byte order mark \(EF BB BF\)/],
  ])(
    '%s: the answers are read, stdout-only-jsonrpc fails naming the fault, the rest as on the clean server',
    async (flag, reason) => {
      const faulty = await run(flag);
      // 1 (a failure), never 2: the server answered.
      expect(faulty.exitCode, faulty.stderr).toBe(1);
      for (const id of STDOUT_CHECKS) {
        expect(faulty.verdicts.get(id)?.verdict, id).toBe('fail');
        expect(faulty.verdicts.get(id)?.reason, id).toMatch(reason);
      }
      await expectOthersAsClean(faulty);
    },
  );

  test('CRLF line endings are read as the messages they end: nothing fails', async () => {
    const crlf = await run('--crlf');
    expect(crlf.exitCode, crlf.stderr).toBe(0);
    for (const id of STDOUT_CHECKS) expect(crlf.verdicts.get(id)?.verdict).toBe('pass');
    await expectOthersAsClean(crlf);
  });

  test('20,000 empty lines before every answer: pollution is the finding, every answer still read', async () => {
    const flood = await run('--empty-lines', '20000');
    expect(flood.exitCode, flood.stderr).toBe(1);
    for (const id of STDOUT_CHECKS) {
      expect(flood.verdicts.get(id)?.verdict).toBe('fail');
      expect(flood.verdicts.get(id)?.reason).toMatch(/stdout line\(s\) are not JSON-RPC; first: empty line on stdout/);
    }
    await expectOthersAsClean(flood);
  });
});
