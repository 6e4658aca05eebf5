CREATE TABLE "content_pages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"title_en" text NOT NULL,
	"title_bn" text NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"body_bn" text DEFAULT '' NOT NULL,
	"image" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_pages_slug_unique" UNIQUE("slug"),
	CONSTRAINT "content_pages_slug_check" CHECK ("content_pages"."slug" in ('affiliate', 'brand-ambassador'))
);
--> statement-breakpoint
CREATE TABLE "footer_partners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "footer_partners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name_en" text NOT NULL,
	"name_bn" text NOT NULL,
	"role_en" text DEFAULT '' NOT NULL,
	"role_bn" text DEFAULT '' NOT NULL,
	"terms_en" text DEFAULT '' NOT NULL,
	"terms_bn" text DEFAULT '' NOT NULL,
	"image" text,
	"link" text,
	"status" text DEFAULT 'active' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "footer_partners_kind_check" CHECK ("footer_partners"."kind" in ('sponsor', 'ambassador'))
);
--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE INDEX "footer_partners_kind_idx" ON "footer_partners" USING btree ("kind","status","sort_order");--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_categories_check" CHECK (category_ids <@ array[99, 1, 2, 4, 8, 32, 64, 128, 256, 1024, 8192, 512]::integer[]);