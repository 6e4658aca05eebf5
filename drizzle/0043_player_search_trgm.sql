-- The back office's player search (ILIKE '%…%' on username, e-mail and phone) reads a trigram index; pg_trgm comes with
-- PostgreSQL's contrib and with PGlite (loaded by app/db/client.server.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "players_search_trgm_idx" ON "players" USING gin (("username" || E'\n' || "email" || E'\n' || "phone") gin_trgm_ops);