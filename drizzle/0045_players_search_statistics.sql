-- The planner estimates a "contains" search from a sample of the search text's values (the trigram index's expression).
-- At the default 100 a single sampled value that happens to match makes a rare name look like 1 % of the players, and
-- the planner then walks a sort index instead of the trigram index (seen in CI). 1,000 makes one hit 0.1 %.
ALTER INDEX "players_search_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;
