#!/usr/bin/env bash
# Every published feature table regenerates from its database: below its marker line,
# docs/tables/NAME.md holds exactly what `arbiter report features --db docs/tables/NAME.db` prints
# from the repository's root (ci/publish-table writes both), and reading leaves the database as it was.
# Usage: published_tables_test.sh ARBITER REPO_ROOT
set -euo pipefail
arbiter=$1
cd "$2"
shopt -s nullglob
tables=(docs/tables/*.md)
[[ ${#tables[@]} -gt 0 ]] || { echo "no published table in docs/tables"; exit 1; }
for md in "${tables[@]}"; do
  name=$(basename "$md" .md)
  db=docs/tables/$name.db
  marker="<!-- Everything below is generated: arbiter report features --db $db -->"
  grep -qxF "$marker" "$md" || { echo "$md: no line '$marker'"; exit 1; }
  [[ -f $db ]] || { echo "$md: its database $db is missing"; exit 1; }
  before=$(sha256sum "$db")
  expected=$(awk -v marker="$marker" 'found { print } $0 == marker { found = 1 }' "$md" | sed '1{/^$/d}')
  actual=$("$arbiter" report features --db "$db" --format md)
  if [[ "$expected" != "$actual" ]]; then
    echo "$md no longer matches what its database reports:"
    diff <(printf '%s\n' "$expected") <(printf '%s\n' "$actual") | head -20
    exit 1
  fi
  [[ $(sha256sum "$db") == "$before" ]] || { echo "$db changed while reporting"; exit 1; }
  [[ ! -e $db-wal ]] || { echo "$db: reading left $db-wal behind"; exit 1; }
  echo "$md regenerates from $db"
done
