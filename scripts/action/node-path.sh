#!/usr/bin/env bash
# GitHub Action steps around actions/setup-node, so the job's later steps keep their own Node:
#   remember  before setup-node: the folder of the job's `node` (empty when there is none)
#   restore   after the action's steps: put that folder first on PATH again ($GITHUB_PATH prepends)
set -euo pipefail
case "${1:-}" in
  remember)
    dir=""
    if command -v node > /dev/null 2>&1; then dir="$(dirname "$(command -v node)")"; fi
    echo "dir=$dir" >> "${GITHUB_OUTPUT:-/dev/null}"
    ;;
  restore)
    # No Node before the action: the one it set up may stay, nothing is displaced.
    if [ -n "${NODE_DIR_BEFORE:-}" ]; then echo "$NODE_DIR_BEFORE" >> "${GITHUB_PATH:-/dev/null}"; fi
    ;;
  *)
    echo "usage: node-path.sh remember|restore" >&2
    exit 2
    ;;
esac
