// The console summary folds skips that share a reason into one line; --verbose still lists every check.
import { describe, expect, test } from 'vitest';
import type { Verdict } from '../../harness/model.js';
import { summarize, type CheckResult, type RunResults } from '../../harness/results/results.js';
import { renderSummary } from '../../reports/console.js';

function check(id: string, verdict: Verdict, reason?: string): CheckResult {
  const [revision, area] = id.split('/');
  return {
    id,
    revision,
    area,
    title: id,
    requirement: 'r',
    level: 'MUST',
    spec: 'https://example.invalid',
    transport: 'stdio',
    verdict,
    reason,
    durationMs: 1,
    transcript: [],
  } as CheckResult;
}

function results(checks: CheckResult[]): RunResults {
  return {
    schemaVersion: 1,
    tool: { name: 'mcp-conform', version: 'test' },
    startedAt: new Date(0).toISOString(),
    finishedAt: new Date(0).toISOString(),
    durationMs: 1,
    target: { transport: 'stdio', description: 'test' },
    options: { strict: false, revisions: 'all' },
    revisions: [],
    checks,
    summary: summarize(checks),
    outcome: 'failed',
    exitCode: 1,
  } as RunResults;
}

const NO_PROMPTS = 'server lists no prompts';
const CHECKS = [
  check('2026-07-28/prompts/list-result', 'skip', NO_PROMPTS),
  check('2026-07-28/tools/names', 'fail', 'bad name'),
  check('2026-07-28/prompts/get-listed', 'skip', NO_PROMPTS),
  check('2025-11-25/prompts/list-result', 'skip', NO_PROMPTS),
  check('2025-11-25/prompts/get-listed', 'skip', NO_PROMPTS),
  check('2025-11-25/prompts/unknown-prompt', 'skip', NO_PROMPTS),
  check(
    '2025-11-25/tasks/required-tool-needs-task',
    'skip',
    'server lists no tool with execution.taskSupport required',
  ),
  check('2025-11-25/ping/basic', 'pass'),
];

describe('console summary skips', () => {
  test('skips sharing a reason are one line with the count and the first ids; a lone skip keeps its own line', () => {
    const lines = renderSummary(results(CHECKS), { color: false }, { header: false }).split('\n');
    expect(lines.filter((line) => line.startsWith('SKIP'))).toEqual([
      `SKIP  ×5 ${NO_PROMPTS}  (2026-07-28/prompts/list-result, 2026-07-28/prompts/get-listed, 2025-11-25/prompts/list-result and 2 more)`,
      'SKIP  2025-11-25/tasks/required-tool-needs-task  server lists no tool with execution.taskSupport required',
    ]);
    // Worse verdicts still come first.
    expect(lines[0]).toBe('FAIL  2026-07-28/tools/names  bad name');
  });

  test('with --verbose every check has its own line', () => {
    const lines = renderSummary(results(CHECKS), { color: false }, { header: false, verbose: true }).split('\n');
    expect(lines.filter((line) => line.startsWith('SKIP'))).toHaveLength(6);
    expect(lines).toContain(`SKIP  2025-11-25/prompts/unknown-prompt  ${NO_PROMPTS}`);
  });
});
