#!/usr/bin/env bash
# GitHub Action step: build mcp-conform from the action's own checkout (unless already built).
set -euo pipefail
cd "${GITHUB_ACTION_PATH:-$(dirname "$0")/../..}"
if [ ! -f dist/harness/cli/bin.js ]; then
  npm ci --no-audit --no-fund
  npm run build
fi
