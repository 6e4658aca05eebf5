#!/usr/bin/env bash
# Development helper while the casino migration is being written: drops 0004 and generates it again from the schema.
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/regen-migration.lock
flock 9
rm -f drizzle/0004_*.sql drizzle/meta/0004_snapshot.json
node -e '
const fs=require("fs");const p="drizzle/meta/_journal.json";const j=JSON.parse(fs.readFileSync(p));
j.entries=j.entries.filter(e=>e.idx<4);fs.writeFileSync(p,JSON.stringify(j,null,2)+"\n");'
npx drizzle-kit generate --name casino
