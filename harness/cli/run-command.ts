// `mcp-conform run`: test a server, print the summary, write the reports, exit 0/1/2.
import { parseArgs } from 'node:util';
import { ALL_CHECKS } from '../../suites/index.js';
import { checkLine, renderSummary, styleFor } from '../../reports/console.js';
import { writeJUnit } from '../../reports/junit.js';
import { writeResultsJson } from '../../reports/json.js';
import { writeHtml } from '../../reports/html/index.js';
import { applyBaseline } from '../runner/baseline.js';
import { baselineOption, shardOption } from './report-command.js';
import { isRevision, REVISIONS, type Revision } from '../model.js';
import { runChecks } from '../runner/run.js';
import type { RunResults } from '../runner/results.js';
import { killAllGroupsNow } from '../transports/process-groups.js';
import { bundledReferenceServer, targetFromFlags, UsageError } from './target-options.js';

export const RUN_HELP = `Usage: mcp-conform run [target] [options]

Runs the conformance suites against an MCP server and reports a verdict per check.

Target (one of; with none, the bundled reference server is tested):
  --stdio "<command line>"   spawn the server and talk over stdin/stdout
  --url <url>                talk Streamable HTTP to this endpoint
  -- <command> [args...]     like --stdio, given as separate arguments
  --cwd <dir>                working directory of a stdio server
  --env NAME=VALUE           extra environment for a stdio server (repeatable)
  --header "Name: value"     extra HTTP header, e.g. for auth (repeatable)

Options:
  --revision <rev>           2026-07-28, 2025-11-25, all, or auto (default: auto,
                             probe the server and run every revision it claims)
  --check <pattern>          only checks whose id matches (prefix or glob; repeatable)
  --skip <pattern>           leave out checks whose id matches (repeatable)
  --strict                   SHOULD-level misses fail the run instead of warning
  --json <file>              write the full results (with transcripts) as JSON
  --junit <file>             write JUnit XML
  --html <file>              write the self-contained HTML report
  --expected-failures <file> known failures (YAML/JSON list of check ids or patterns): listed
                             failures pass, unlisted ones fail, listed checks that pass are stale
  --shard <i/n>              run the i-th of n deterministic slices of the checks (CI matrix);
                             join the results with mcp-conform report merge
  --timeout <ms>             wait this long for each response (default 5000)
  --check-timeout <ms>       backstop for one whole check (default 30000)
  --concurrency <n>          checks in flight at once (default 8)
  --schema-dir <dir>         validate against official schema files (DIR/<revision>/schema.json)
  --tool-calls <policy>      which listed tools checks may call: safe (default: only tools
                             annotated readOnlyHint: true), all, or none
  --quiet                    print only the summary counts
  -h, --help                 show this help

Exit status: 0 no MUST check failed; 1 a check failed or errored; 2 usage error or the
target could not be reached.

Examples:
  mcp-conform run --stdio "node build/server.js"
  mcp-conform run --url http://127.0.0.1:3000/mcp --header "Authorization: Bearer $TOKEN"
  mcp-conform run --revision 2026-07-28 --check 2026-07-28/meta --json results.json -- node server.js
  mcp-conform run --shard 2/4 --expected-failures baseline.yml --json shard-2.json --html shard-2.html -- node server.js`;

function positiveInt(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`${flag} expects a positive integer, got ${JSON.stringify(value)}`);
  return n;
}

function revisionsFrom(value: string | undefined): Revision[] | 'auto' {
  if (value === undefined || value === 'auto') return 'auto';
  if (value === 'all') return [...REVISIONS];
  const list = value.split(',').map((v) => v.trim());
  for (const item of list) if (!isRevision(item)) throw new UsageError(`unknown revision ${JSON.stringify(item)}; use ${REVISIONS.join(', ')}, all or auto`);
  return list as Revision[];
}

export async function runCommand(argv: string[]): Promise<number> {
  const dashdash = argv.indexOf('--');
  const own = dashdash === -1 ? argv : argv.slice(0, dashdash);
  const serverArgv = dashdash === -1 ? undefined : argv.slice(dashdash + 1);
  const { values } = parseArgs({
    args: own,
    allowPositionals: false,
    options: {
      stdio: { type: 'string' },
      url: { type: 'string' },
      cwd: { type: 'string' },
      env: { type: 'string', multiple: true },
      header: { type: 'string', multiple: true },
      revision: { type: 'string' },
      check: { type: 'string', multiple: true },
      skip: { type: 'string', multiple: true },
      strict: { type: 'boolean' },
      json: { type: 'string' },
      junit: { type: 'string' },
      html: { type: 'string' },
      'expected-failures': { type: 'string' },
      shard: { type: 'string' },
      timeout: { type: 'string' },
      'check-timeout': { type: 'string' },
      concurrency: { type: 'string' },
      'schema-dir': { type: 'string' },
      'tool-calls': { type: 'string' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(RUN_HELP + '\n');
    return 0;
  }
  const target =
    targetFromFlags({ stdio: values.stdio, url: values.url, cwd: values.cwd, env: values.env, header: values.header, argv: serverArgv }) ??
    bundledReferenceServer();
  const revisions = revisionsFrom(values.revision);
  const requestTimeoutMs = positiveInt(values.timeout, '--timeout', 5000);
  const checkTimeoutMs = positiveInt(values['check-timeout'], '--check-timeout', 30_000);
  const concurrency = positiveInt(values.concurrency, '--concurrency', 4);
  const shard = shardOption(values.shard);
  const baseline = baselineOption(values['expected-failures']);
  const toolCalls = values['tool-calls'] ?? 'safe';
  if (toolCalls !== 'safe' && toolCalls !== 'all' && toolCalls !== 'none') throw new UsageError(`--tool-calls expects safe, all or none, got ${JSON.stringify(toolCalls)}`);

  const abort = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (abort.signal.aborted) {
      killAllGroupsNow();
      process.exit(130);
    }
    process.stderr.write(`\nmcp-conform: ${signal} received; stopping the target and writing a partial report\n`);
    abort.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const errStyle = styleFor(process.stderr);
  const live = process.stderr.isTTY === true && !values.quiet;
  let results: RunResults;
  try {
    results = await runChecks({
      target,
      checks: [...ALL_CHECKS],
      revisions,
      select: values.check,
      skip: values.skip,
      strict: values.strict === true,
      requestTimeoutMs,
      checkTimeoutMs,
      concurrency,
      shard,
      toolCalls,
      schemaSource: values['schema-dir'] ? { kind: 'dir', dir: values['schema-dir'] } : undefined,
      signal: abort.signal,
      progress: live
        ? {
            onCheckDone: (result, done, total) => {
              process.stderr.write(`\r\u001b[2K[${done}/${total}] ${checkLine(result, errStyle)}`.slice(0, (process.stderr.columns ?? 120) + 16));
              if (done === total) process.stderr.write('\r\u001b[2K');
            },
          }
        : undefined,
    });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }

  if (baseline) results = applyBaseline(results, baseline);
  if (values.json) writeResultsJson(results, values.json);
  if (values.html) writeHtml(results, values.html);
  if (values.junit) writeJUnit(results, values.junit);
  process.stdout.write(renderSummary(results, styleFor(process.stdout), { quiet: values.quiet }) + '\n');
  if (results.exitCode === 2 && results.error) process.stderr.write(`mcp-conform: ${results.error}\n`);
  return results.exitCode;
}
