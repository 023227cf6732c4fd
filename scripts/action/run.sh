#!/usr/bin/env bash
# GitHub Action step: run the suites, write the reports, optionally diff against earlier
# results, and hand the outcome to the workflow. Inputs arrive as INPUT_* variables.
set -uo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
bin="${MCP_CONFORM_BIN:-$here/dist/harness/cli/bin.js}"
report_dir="${INPUT_REPORT_DIR:-mcp-conform-report}"
mkdir -p "$report_dir"
results="$report_dir/results.json"

args=(run --json "$results" --junit "$report_dir/junit.xml" --html "$report_dir/report.html" --revision "${INPUT_REVISION:-auto}")
if [ -n "${INPUT_COMMAND:-}" ] && [ -n "${INPUT_URL:-}" ]; then
  echo "::error::give the command input or the url input, not both"
  echo "exit-code=2" >> "${GITHUB_OUTPUT:-/dev/null}"
  exit 2
fi
[ -n "${INPUT_COMMAND:-}" ] && args+=(--stdio "$INPUT_COMMAND")
[ -n "${INPUT_URL:-}" ] && args+=(--url "$INPUT_URL")
[ -n "${INPUT_EXPECTED_FAILURES:-}" ] && args+=(--expected-failures "$INPUT_EXPECTED_FAILURES")
[ "${INPUT_STRICT:-false}" = "true" ] && args+=(--strict)
if [ -n "${INPUT_ARGS:-}" ]; then
  read -r -a extra <<< "$INPUT_ARGS"
  args+=("${extra[@]}")
fi

node "$bin" "${args[@]}"
code=$?

if [ -n "${INPUT_BASELINE_RESULTS:-}" ] && [ -f "$results" ]; then
  node "$bin" diff "$INPUT_BASELINE_RESULTS" "$results" | tee "$report_dir/diff.txt"
  diff_code=${PIPESTATUS[0]}
  [ "$diff_code" -ne 0 ] && [ "$code" -eq 0 ] && code=$diff_code
fi

outcome="$(node -e 'try { console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).outcome) } catch { console.log("unreachable") }' "$results")"
{
  echo "outcome=$outcome"
  echo "exit-code=$code"
  echo "results=$results"
} >> "${GITHUB_OUTPUT:-/dev/null}"
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  echo "### mcp-conform: $outcome (exit $code)" >> "$GITHUB_STEP_SUMMARY"
fi
exit 0
