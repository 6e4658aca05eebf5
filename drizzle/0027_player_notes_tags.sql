CREATE TABLE "player_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "player_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_notes_body_check" CHECK (length("player_notes"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "player_tags" (
	"player_id" integer NOT NULL,
	"tag" text NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_tags_player_id_tag_pk" PRIMARY KEY("player_id","tag"),
	CONSTRAINT "player_tags_tag_check" CHECK ("player_tags"."tag" ~ '^[a-z0-9][a-z0-9_-]{0,31}$')
);
--> statement-breakpoint
ALTER TABLE "player_notes" ADD CONSTRAINT "player_notes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_notes" ADD CONSTRAINT "player_notes_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_tags" ADD CONSTRAINT "player_tags_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_tags" ADD CONSTRAINT "player_tags_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_notes_player_idx" ON "player_notes" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "player_tags_tag_idx" ON "player_tags" USING btree ("tag","player_id");--> statement-breakpoint
CREATE INDEX "players_created_at_idx" ON "players" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "players_last_login_idx" ON "players" USING btree ("last_login_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- player_notes is append-only: the database itself refuses to change or remove a note.
CREATE FUNCTION "player_notes_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'player_notes is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "player_notes_no_update_delete" BEFORE UPDATE OR DELETE ON "player_notes" FOR EACH ROW EXECUTE FUNCTION "player_notes_append_only"();--> statement-breakpoint
CREATE TRIGGER "player_notes_no_truncate" BEFORE TRUNCATE ON "player_notes" FOR EACH STATEMENT EXECUTE FUNCTION "player_notes_append_only"();
