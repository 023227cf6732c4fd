#!/usr/bin/env bash
# GitHub Action step: run the suites (or, with fuzz: true, the fuzz campaigns), write the reports,
# optionally diff against earlier results, and hand the outcome to the workflow. Inputs arrive as
# INPUT_* variables.
# Written for bash 3.2 too (macOS runners): no mapfile, no associative arrays.
set -uo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
bin="${MCP_CONFORM_BIN:-$here/dist/harness/faces/cli/bin.js}"
report_dir="${INPUT_REPORT_DIR:-mcp-conform-report}"
mode=run
[ "${INPUT_FUZZ:-false}" = "true" ] && mode=fuzz
results="$report_dir/results.json"
sarif="$report_dir/mcp-conform.sarif"

# One artifact name per job of a matrix: the job id and a hash of what can differ between its
# jobs (inputs, runner, the step's id); the artifact-name input overrides it.
artifact_name="${INPUT_ARTIFACT_NAME:-}"
if [ -z "$artifact_name" ]; then
  fingerprint="$(printf '%s\n' "${INPUT_COMMAND:-}" "${INPUT_URL:-}" "${INPUT_REVISION:-}" "${INPUT_ARGS:-}" "${INPUT_FUZZ:-}" \
    "${INPUT_SHARD:-}" \
    "${RUNNER_OS:-}" "${RUNNER_ARCH:-}" "${RUNNER_NAME:-}" "${GITHUB_ACTION:-}" "${INPUT_NODE_VERSION:-}" |
    node -e 'let s = ""; process.stdin.on("data", (c) => (s += c)).on("end", () => console.log(require("crypto").createHash("sha256").update(s).digest("hex").slice(0, 10)))')"
  artifact_name="mcp-conform-report-${GITHUB_JOB:-job}-$fingerprint"
fi

# Outputs, step summary and exit: the last step of the action fails with exit-code. The CLI
# writes the job summary of every run it starts; this one covers the runs it never started.
finish() {
  {
    echo "outcome=$1"
    echo "exit-code=$2"
    echo "results=$3"
    echo "sarif=$4"
    echo "artifact-name=$artifact_name"
  } >> "${GITHUB_OUTPUT:-/dev/null}"
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ] && [ -z "$3" ]; then
    echo "### mcp-conform: $1 (exit $2)" >> "$GITHUB_STEP_SUMMARY"
    [ -n "${5:-}" ] && echo "$5" >> "$GITHUB_STEP_SUMMARY"
  elif [ -n "${GITHUB_STEP_SUMMARY:-}" ] && [ "$mode" = fuzz ]; then
    # fuzz writes no job summary of its own: the outcome, and how many findings are new.
    echo "### mcp-conform fuzz: $1 (exit $2)" >> "$GITHUB_STEP_SUMMARY"
    node -e '
      const fuzz = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).fuzz ?? {};
      const all = [...(fuzz.findings ?? []), ...(fuzz.warnings ?? [])];
      const seen = all.filter((f) => f.seenIn).length;
      const compared = fuzz.seenFindings?.length ? `, ${seen} seen before (${fuzz.seenFindings.join(", ")})` : "";
      console.log(`${all.length - seen} new finding(s)${compared}`);
    ' "$3" >> "$GITHUB_STEP_SUMMARY" 2>/dev/null || true
  fi
  exit 0
}

usage_error() {
  echo "::error title=mcp-conform::$1"
  finish usage-error 2 "" "" "$1"
}

if [ -n "${INPUT_COMMAND:-}" ] && [ -n "${INPUT_URL:-}" ]; then
  usage_error "give the command input or the url input, not both"
fi
if [ -z "${INPUT_COMMAND:-}" ] && [ -z "${INPUT_URL:-}" ]; then
  usage_error "give the command input (a server started over stdio, e.g. \"node build/server.js\") or the url input (a running Streamable HTTP endpoint)"
fi
if [ -n "${INPUT_BASELINE_RESULTS:-}" ] && [ ! -f "$INPUT_BASELINE_RESULTS" ]; then
  usage_error "baseline-results file not found: $INPUT_BASELINE_RESULTS"
fi
if [ "$mode" = fuzz ] && [ -n "${INPUT_EXPECTED_FAILURES:-}" ]; then
  usage_error "expected-failures lists checks, which fuzz: true does not run; give fuzz findings seen before in seen-findings"
fi
if [ "$mode" = run ] && [ -n "${INPUT_SEEN_FINDINGS:-}" ]; then
  usage_error "seen-findings compares fuzz findings: set fuzz: true too"
fi
if [ -n "${INPUT_SEEN_FINDINGS:-}" ] && [ ! -f "$INPUT_SEEN_FINDINGS" ]; then
  usage_error "seen-findings file not found: $INPUT_SEEN_FINDINGS"
fi

args=("$mode" --json "$results" --junit "$report_dir/junit.xml" --html "$report_dir/report.html" --sarif "$sarif" --revision "${INPUT_REVISION:-auto}")
[ -n "${INPUT_COMMAND:-}" ] && args+=(--stdio "$INPUT_COMMAND")
[ -n "${INPUT_URL:-}" ] && args+=(--url "$INPUT_URL")
[ -n "${INPUT_EXPECTED_FAILURES:-}" ] && args+=(--expected-failures "$INPUT_EXPECTED_FAILURES")
[ "${INPUT_STRICT:-false}" = "true" ] && args+=(--strict)
# One slice of a strategy.matrix; the CLI checks the i/n form and says what is wrong with it.
[ -n "${INPUT_SHARD:-}" ] && args+=(--shard "$INPUT_SHARD")
# PR mode: a finding the earlier run already had is reported, and only a new one fails the job.
[ -n "${INPUT_SEEN_FINDINGS:-}" ] && args+=(--new-only --seen-findings "$INPUT_SEEN_FINDINGS")

# Extra arguments are split with quotes honoured, exactly as the command input is, and never
# through a shell: no globbing, no $(...) or variable expansion.
if [[ "${INPUT_ARGS:-}" =~ [^[:space:]] ]]; then
  split="$(mktemp)"
  if ! node -e '
    import(require("node:url").pathToFileURL(process.argv[1])).then(({ splitCommandLine }) => {
      for (const arg of splitCommandLine(process.argv[2])) process.stdout.write(arg + "\0");
    }).catch((error) => { console.error(error.message); process.exit(2); });
  ' "$(dirname "$bin")/../../transports/command-line.js" "$INPUT_ARGS" > "$split"; then
    rm -f "$split"
    usage_error "the args input cannot be split into arguments: $INPUT_ARGS"
  fi
  while IFS= read -r -d '' arg; do args+=("$arg"); done < "$split"
  rm -f "$split"
fi

mkdir -p "$report_dir"
# Reports left by an earlier run must not speak for this one.
rm -f "$results" "$sarif"
node "$bin" "${args[@]}"
code=$?

if [ -n "${INPUT_BASELINE_RESULTS:-}" ] && [ -f "$results" ]; then
  node "$bin" diff "$INPUT_BASELINE_RESULTS" "$results" | tee "$report_dir/diff.txt"
  diff_code=${PIPESTATUS[0]}
  # A regression (1) is a failure: it beats a pass, an inconclusive run (4) and a not-applicable one (5).
  if [ "$diff_code" -ne 0 ]; then
    case "$code" in 0 | 4 | 5) code=$diff_code ;; esac
  fi
fi

if [ -f "$results" ]; then
  outcome="$(node -e 'try { console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).outcome) } catch { console.log("error") }' "$results")"
elif [ "$code" -eq 2 ]; then
  outcome=usage-error # the CLI writes results for every run it starts, unreachable targets included
else
  outcome=error
fi
[ -f "$results" ] || results=""
[ -f "$sarif" ] || sarif=""
finish "$outcome" "$code" "$results" "$sarif"
