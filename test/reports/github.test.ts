// The job summary and the workflow annotations: findings first, capped, and a server's text
// never breaks the Markdown table or the workflow command.
import { describe, expect, test } from 'vitest';
import type { Verdict } from '../../harness/model.js';
import { summarize, type CheckResult, type RunResults } from '../../harness/results/results.js';
import { MAX_ANNOTATIONS, renderAnnotations } from '../../reports/github-annotations.js';
import { cell, renderJobSummary } from '../../reports/github-summary.js';
import { settleOutcome } from '../../harness/results/baseline.js';

function check(id: string, verdict: Verdict, reason?: string, level: CheckResult['level'] = 'MUST'): CheckResult {
  return {
    id,
    revision: '2026-07-28',
    area: id.split('/')[1],
    title: `title of ${id}`,
    requirement: 'r',
    level,
    spec: 'https://modelcontextprotocol.io/specification/2026-07-28/basic#x',
    transport: 'stdio',
    verdict,
    reason,
    durationMs: 1,
    transcript: [],
  };
}

function results(checks: CheckResult[]): RunResults {
  const failed = checks.some((c) => c.verdict === 'fail');
  return {
    schemaVersion: 1,
    tool: { name: 'mcp-conform', version: '0.0.0' },
    startedAt: '',
    finishedAt: '',
    durationMs: 1,
    target: { transport: 'stdio', description: 'node server.js' },
    options: { strict: false, revisions: 'auto' },
    revisions: [],
    checks,
    summary: summarize(checks),
    outcome: failed ? 'failed' : 'passed',
    exitCode: failed ? 1 : 0,
  };
}

describe('annotations', () => {
  test('one ::error per failure and ::warning per warning, title the check id, message the reason', () => {
    const lines = renderAnnotations(
      results([
        check('2026-07-28/a/x', 'pass'),
        check('2026-07-28/a/y', 'fail', 'broke'),
        check('2026-07-28/a/z', 'warn', 'meh', 'SHOULD'),
      ]),
    );
    expect(lines).toEqual([
      '::error title=2026-07-28/a/y::fail: broke (MUST https://modelcontextprotocol.io/specification/2026-07-28/basic#x)',
      '::warning title=2026-07-28/a/z::warn: meh (SHOULD https://modelcontextprotocol.io/specification/2026-07-28/basic#x)',
    ]);
  });

  test(`capped at ${MAX_ANNOTATIONS} of each kind, the rest counted in one notice`, () => {
    const many = Array.from({ length: MAX_ANNOTATIONS + 3 }, (_, i) => check(`2026-07-28/a/f${i}`, 'fail', 'x'));
    const lines = renderAnnotations(results(many));
    expect(lines.filter((line) => line.startsWith('::error '))).toHaveLength(MAX_ANNOTATIONS);
    expect(lines.at(-1)).toBe(
      '::notice title=mcp-conform::3 more failures and 0 more warnings; see the job summary and the reports',
    );
  });

  test('an unstable verdict is a warning; a baselined failure is not annotated', () => {
    const baselined = {
      ...check('2026-07-28/a/b', 'fail', 'known'),
      expectedFailure: { pattern: '2026-07-28/a/*' },
    } as CheckResult;
    const lines = renderAnnotations(results([check('2026-07-28/a/u', 'unstable' as Verdict, 'flaky'), baselined]));
    expect(lines).toEqual([expect.stringMatching(/^::warning title=2026-07-28\/a\/u::unstable: flaky/)]);
  });

  test("a server's newlines, percent signs and escapes cannot end the command or start another", () => {
    const [line] = renderAnnotations(results([check('2026-07-28/a/y', 'fail', 'got 100%\n::error::fake\u001b[2J')]));
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toContain('got 100%25 ::error::fake [2J');
  });
});

describe('job summary', () => {
  test('outcome, target, counts per level, and a table of the failures and warnings, worst first', () => {
    const text = renderJobSummary(
      results([
        check('2026-07-28/a/w', 'warn', 'soft', 'SHOULD'),
        check('2026-07-28/a/p', 'pass'),
        check('2026-07-28/a/f', 'fail', 'hard'),
      ]),
      {
        written: ['out/results.json'],
      },
    );
    expect(text).toMatch(/^### ❌ mcp-conform: failed$/m);
    expect(text).toContain('**Target:** stdio `node server.js`');
    expect(text).toContain('| MUST | 1 | 1 | 0 |');
    expect(text).toContain('| SHOULD | 0 | 0 | 1 |');
    const rows = text.split('\n').filter((line) => /^\| (fail|warn) /.test(line));
    expect(rows.map((row) => row.split(' | ')[1])).toEqual(['`2026-07-28/a/f`', '`2026-07-28/a/w`']);
    expect(text).toContain('Reports: `out/results.json`');
  });

  test('a passing run has no findings table', () => {
    expect(renderJobSummary(results([check('2026-07-28/a/p', 'pass')]))).not.toContain('Failures and warnings');
  });

  test('the four outcomes each have their own mark and meaning; inconclusive checks their own table', () => {
    const settled = (checks: CheckResult[]) =>
      renderJobSummary(
        settleOutcome({ ...results(checks), summary: undefined, outcome: undefined, exitCode: undefined } as never),
      );
    const inconclusive = settled([
      check('2026-07-28/a/p', 'pass'),
      check('2026-07-28/a/e', 'error', 'inconclusive: no answer'),
      check('2026-07-28/a/w', 'warn', 'soft', 'SHOULD'),
    ]);
    expect(inconclusive).toMatch(/^### ❔ mcp-conform: inconclusive$/m);
    expect(inconclusive).toMatch(
      /^\*\*Outcome:\*\* inconclusive \(exit 4\): no check failed, but at least one could not come to a verdict/m,
    );
    const [findings, undecided] = inconclusive.split('#### Inconclusive: no verdict (could not run)');
    expect(findings).toContain('| warn | `2026-07-28/a/w`');
    expect(findings).not.toContain('2026-07-28/a/e');
    expect(undecided).toContain('| error | `2026-07-28/a/e` | MUST | inconclusive: no answer |');
    const skipped = settled([check('2026-07-28/a/s', 'skip', 'no tools')]);
    expect(skipped).toMatch(/^### ⏭️ mcp-conform: no-verdicts$/m);
    expect(skipped).toMatch(
      /^\*\*Outcome:\*\* no-verdicts \(exit 5\): not applicable: no check came to a verdict other than skip$/m,
    );
    expect(settled([check('2026-07-28/a/p', 'pass')])).toMatch(
      /^### ✅ mcp-conform: passed\n\n\*\*Outcome:\*\* passed \(exit 0\)$/m,
    );
    expect(settled([check('2026-07-28/a/f', 'fail')])).toMatch(
      /^### ❌ mcp-conform: failed\n\n\*\*Outcome:\*\* failed \(exit 1\)$/m,
    );
  });

  test('a table cell holds one line with no pipe, HTML or backtick from the server', () => {
    expect(cell('a|b\n<script>`x`')).toBe("a\\|b &lt;script&gt;'x'");
  });
});
