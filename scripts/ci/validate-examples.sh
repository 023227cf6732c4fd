#!/usr/bin/env bash
# Validates examples/: the GitHub workflows with actionlint, the Kubernetes manifests with
# kubeconform against the pinned schemas (strict: an unknown field is an error). Tools come from
# example-tools.sh; when they cannot be had (no Go, no registry), says so and skips: exit 0.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! tools="$(bash scripts/ci/example-tools.sh)"; then
  echo "examples: SKIPPED, the pinned validators could not be installed (reason above)"
  exit 0
fi
eval "$tools"

echo "$(basename "$(dirname "$ACTIONLINT")"): examples/github"
"$ACTIONLINT" -no-color examples/github/*.yml

echo "$(basename "$(dirname "$KUBECONFORM")"): examples/kubernetes, Kubernetes $K8S_VERSION schemas"
"$KUBECONFORM" -strict -summary -kubernetes-version "$K8S_VERSION" \
  -schema-location "$K8S_SCHEMAS/{{ .ResourceKind }}{{ .KindSuffix }}.json" \
  examples/kubernetes/*.yaml

# The containers' /bin/sh scripts, through shellcheck as POSIX sh (actionlint does the workflow's).
if command -v shellcheck > /dev/null 2>&1; then
  scripts="$(mktemp -d)"
  # shellcheck disable=SC2016 # JavaScript in single quotes: its ${} are its own
  node --input-type=module -e '
    import { readFileSync, writeFileSync } from "node:fs";
    import { parseAllDocuments } from "yaml";
    const [file, out] = process.argv.slice(1);
    let n = 0;
    for (const doc of parseAllDocuments(readFileSync(file, "utf8")).map((d) => d.toJS())) {
      const pod = doc?.spec?.template?.spec;
      for (const c of [...(pod?.initContainers ?? []), ...(pod?.containers ?? [])])
        writeFileSync(`${out}/${doc.metadata.name}-${c.name}-${n++}.sh`, c.args.join("\n"));
    }
  ' examples/kubernetes/indexed-job.yaml "$scripts"
  echo "shellcheck $(shellcheck --version | sed -n 2p): $(find "$scripts" -name '*.sh' | wc -l) container scripts"
  shellcheck -s sh "$scripts"/*.sh
  rm -rf "$scripts"
else
  echo "shellcheck not found: the workflow's and the containers' scripts were not checked by it"
fi
