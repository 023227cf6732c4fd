// Small hand-made results for the pure tests of conformance levels and the implementation
// matrix: the cases a live server cannot stage on demand (an error on a MUST, one failure in one
// capability). The end-to-end tests use real runs.
import type { Level, Revision, Verdict } from '../../harness/results/vocabulary.js';
import type { CheckResult, RunResults } from '../../harness/results/results.js';
import { settleOutcome } from '../../harness/results/baseline.js';

export type FakeCheck = [id: string, verdict: Verdict, level?: Level, reason?: string];

export function fakeCheck([id, verdict, level = 'MUST', reason]: FakeCheck): CheckResult {
  const [revision, area] = id.split('/') as [Revision, string];
  return {
    id,
    revision,
    area,
    title: `title of ${id}`,
    requirement: 'a requirement',
    level,
    spec: `https://modelcontextprotocol.io/specification/${revision}/x`,
    transport: 'stdio',
    verdict,
    reason,
    durationMs: 1,
    transcript: [],
  };
}

export function fakeResults(
  checks: FakeCheck[],
  options: {
    capabilities?: Record<string, unknown>;
    name?: string;
    version?: string;
    transport?: 'stdio' | 'http';
  } = {},
): RunResults {
  const list = checks.map(fakeCheck);
  const revisions = [...new Set(list.map((c) => c.revision))].map((revision) => ({
    revision,
    selectedBecause: 'asked for',
    durationMs: 1,
    discoveryTranscript: [],
    profile: {
      serverInfo: { name: options.name ?? 'fake', version: options.version ?? '1.0.0' },
      capabilities: options.capabilities ?? {},
      tools: [],
      resources: [],
      resourceTemplates: [],
      prompts: [],
      problems: [],
    },
  }));
  return settleOutcome({
    schemaVersion: 1,
    tool: { name: 'mcp-conform', version: '0.1.0' },
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:00:01.000Z',
    durationMs: 1000,
    target: { transport: options.transport ?? 'stdio', description: 'node fake.js' },
    options: { strict: false, revisions: 'auto' },
    revisions,
    checks: list,
  });
}
