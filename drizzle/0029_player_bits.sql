CREATE TABLE "report_player_bits" (
	"day" date PRIMARY KEY NOT NULL,
	"signed_up" bit varying NOT NULL,
	"deposited" bit varying NOT NULL,
	"first_deposit" bit varying NOT NULL,
	"active" bit varying NOT NULL
);
--> statement-breakpoint
DROP TABLE "report_player_days" CASCADE;--> statement-breakpoint
-- A set of player ids as a bit string (bit n: player n), grown in chunks of 8192 bits so its length depends only on
-- the largest id, never on the order the ids arrive in (a day folded twice gives equal rows).
CREATE FUNCTION "report_bits_add"(state bit varying, id integer) RETURNS bit varying LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT CASE
		WHEN id IS NULL OR id < 0 THEN state
		WHEN id < length(state) THEN set_bit(state, id, 1)
		ELSE set_bit(state || repeat('0', (id / 8192 + 1) * 8192 - length(state))::bit varying, id, 1)
	END
$$;--> statement-breakpoint
CREATE AGGREGATE "report_bits"(integer) (SFUNC = "report_bits_add", STYPE = bit varying, INITCOND = '');--> statement-breakpoint
-- Bit strings of different lengths cannot be ORed or ANDed: pad to the longest first.
CREATE FUNCTION "report_bits_pad"(bits bit varying, n integer) RETURNS bit varying LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT bits || repeat('0', greatest(n - length(bits), 0))::bit varying
$$;--> statement-breakpoint
-- The player bits start empty: the job refolds every day from the first sign-up (each day recomputed whole).
UPDATE "report_cursor" SET "folded_until" = NULL;
