#!/usr/bin/env bash
# Every link between the docs resolves: in README.md, ARCHITECTURE.md and docs/**/*.md, each
# Markdown link `](path)` (relative to its file) and each backticked path under docs/, crates/,
# scripts/ or shared/ (relative to the workspace; `shared/…` is the project's shared folder beside
# the workspace, `../shared/…`) names a file or directory that exists. Paths with a placeholder (NAME, N, {…}, *, …) are skipped. Prints each
# broken one as FILE:LINE: PATH and exits 1 if there is any.
#
#   scripts/check-doc-links.sh
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - <<'EOF'
import glob, os, re, sys
docs = ["README.md", "ARCHITECTURE.md"] + sorted(glob.glob("docs/**/*.md", recursive=True))
link = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")
tick = re.compile(r"`(\.\./shared/[^`\s]+|(?:docs|crates|scripts|shared)/[^`\s]*)`")
placeholder = re.compile(r"NAME|\bN\b|[{}*…<>]|\.\.\.|PATH|FILE")
broken = []
for doc in docs:
    for number, line in enumerate(open(doc, encoding="utf-8"), 1):
        found = [(os.path.join(os.path.dirname(doc), p), p) for p in link.findall(line)
                 if "://" not in p and not p.startswith("mailto:")]
        found += [(p, p) for p in tick.findall(line)]
        for path, shown in found:
            path = re.sub(r"[:,.;]+$", "", path)       # a trailing colon, a line number's colon
            path = re.sub(r":\d+(-\d+)?$", "", path)   # file.rs:452-510
            if placeholder.search(path):
                continue
            if path.startswith("shared/"):
                path = "../" + path
            if not os.path.exists(path):
                broken.append(f"{doc}:{number}: {shown}")
print("\n".join(broken) if broken else f"every link resolves ({len(docs)} documents)")
sys.exit(1 if broken else 0)
EOF
