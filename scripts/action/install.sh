#!/usr/bin/env bash
# GitHub Action step: build mcp-conform from the action's own checkout (unless already built).
set -euo pipefail
cd "${GITHUB_ACTION_PATH:-$(dirname "$0")/../..}"
if [ -f dist/harness/faces/cli/bin.js ]; then
  echo "mcp-conform is already built in $(pwd)"
  exit 0
fi
npm ci --no-audit --no-fund
npm run build
if [ ! -f dist/harness/faces/cli/bin.js ]; then
  echo "::error title=mcp-conform::the build finished but dist/harness/faces/cli/bin.js is missing"
  exit 1
fi
