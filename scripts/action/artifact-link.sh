#!/usr/bin/env bash
# GitHub Action step after the upload: the job summary links the report artifact.
set -uo pipefail
[ -n "${GITHUB_STEP_SUMMARY:-}" ] || exit 0
if [ -n "${ARTIFACT_URL:-}" ]; then
  echo "Reports: [${ARTIFACT_NAME}](${ARTIFACT_URL}) (results.json, junit.xml, report.html, mcp-conform.sarif)" >> "$GITHUB_STEP_SUMMARY"
elif [ -n "${ARTIFACT_NAME:-}" ]; then
  echo "Reports: artifact \`${ARTIFACT_NAME}\` of this run" >> "$GITHUB_STEP_SUMMARY"
fi
