#!/usr/bin/env bash
# The validators of examples/, pinned here and only here, built or unpacked once into a cache:
#   actionlint   GitHub workflow linter, built from its Go module (Go module proxy)
#   kubeconform  Kubernetes manifest validator, built from its Go module (Go module proxy)
#   the Kubernetes JSON schemas kubeconform reads, from the PyPI wheel of kubernetes-validate,
#   which ships them (kubeconform's default schema download is not reachable from CI here)
# Prints the three paths as NAME=path lines; exits 1 with the reason when one cannot be had.
set -euo pipefail

ACTIONLINT_VERSION=v1.7.12
KUBECONFORM_VERSION=v0.7.0
K8S_SCHEMA_WHEEL=kubernetes-validate==1.37.0
K8S_SCHEMA_WHEEL_SHA256=85136d018a27b50ec7fc049d902bfa5193f5976807e6c0f408e3ab6fe078cad9
K8S_VERSION=1.33.0

cache="${MCP_CONFORM_TOOLS_CACHE:-$HOME/.cache/mcp-conform/example-tools}"
mkdir -p "$cache"

go_tool() { # module path, version, binary name
  local dir="$cache/$3@$2"
  if [ ! -x "$dir/$3" ]; then
    command -v go > /dev/null 2>&1 || { echo "no go command: cannot build $3 $2" >&2; return 1; }
    if ! GOBIN="$dir" GOFLAGS=-mod=mod go install "$1@$2" >&2; then
      echo "go install $1@$2 failed (is the Go module proxy reachable?)" >&2
      return 1
    fi
  fi
  echo "$dir/$3"
}

k8s_schemas() {
  local dir="$cache/kubernetes-json-schema-v$K8S_VERSION-strict"
  if [ ! -f "$dir/job-batch-v1.json" ]; then
    local tmp
    tmp="$(mktemp -d)"
    python3 -m pip download --quiet --no-deps --only-binary=:all: -d "$tmp" "$K8S_SCHEMA_WHEEL" >&2 ||
      { echo "pip download $K8S_SCHEMA_WHEEL failed (is PyPI reachable?)" >&2; rm -rf "$tmp"; return 1; }
    local wheel
    wheel="$(ls "$tmp"/*.whl)"
    if [ "$(sha256sum "$wheel" | cut -d' ' -f1)" != "$K8S_SCHEMA_WHEEL_SHA256" ]; then
      echo "$wheel does not have the pinned sha256" >&2
      rm -rf "$tmp"
      return 1
    fi
    # The wheel's schemas carry an https $id and point at "/api/_definitions.json" under it (its
    # validator serves that URL from memory): kubeconform reads files, so each schema loses its $id
    # and points at the _definitions.json beside it.
    python3 - "$wheel" "$dir" "v$K8S_VERSION-local-strict" <<'PY'
import json, os, sys, zipfile
wheel, out, version = sys.argv[1:]
prefix = f"kubernetes_validate/kubernetes-json-schema/{version}/"
os.makedirs(out, exist_ok=True)
with zipfile.ZipFile(wheel) as z:
    for name in z.namelist():
        if name.startswith(prefix) and name.endswith(".json"):
            text = z.read(name).decode("utf-8").replace('"/api/_definitions.json#', '"_definitions.json#')
            schema = json.loads(text)
            schema.pop("$id", None)
            with open(os.path.join(out, name[len(prefix):]), "w", encoding="utf-8") as f:
                json.dump(schema, f)
PY
    rm -rf "$tmp"
  fi
  echo "$dir"
}

echo "ACTIONLINT=$(go_tool github.com/rhysd/actionlint/cmd/actionlint "$ACTIONLINT_VERSION" actionlint)"
echo "KUBECONFORM=$(go_tool github.com/yannh/kubeconform/cmd/kubeconform "$KUBECONFORM_VERSION" kubeconform)"
echo "K8S_SCHEMAS=$(k8s_schemas)"
echo "K8S_VERSION=$K8S_VERSION"
