-- A GIN index's fast update keeps new entries in a pending list until a vacuum merges them, and the planner prices a
-- search by the list's size: after a batch of new players (an import, 50,000 in the plan test) the trigram index looked
-- dearer than reading every player, and the back office's search went to a sequential scan until autovacuum came by
-- (seen in CI). New players arrive one at a time, so writing them straight into the index costs nothing noticeable.
ALTER INDEX "players_search_trgm_idx" SET (fastupdate = off);
