ALTER TABLE "vip_levels" ADD COLUMN "name_bn" text;--> statement-breakpoint
-- A database made before this column: the levels still named as the defaults (app/modules/vip/levels.server.ts,
-- DEFAULT_LEVELS) get the defaults' Bangla names; a level staff renamed or added keeps none until they give it one.
UPDATE "vip_levels" SET "name_bn" = d."name_bn"
FROM (VALUES
	('Normal', 'সাধারণ'),
	('Elite I', 'এলিট I'),
	('Elite II', 'এলিট II'),
	('Elite III', 'এলিট III'),
	('Elite IV', 'এলিট IV'),
	('Elite V', 'এলিট V')
) AS d("name", "name_bn")
WHERE "vip_levels"."name" = d."name" AND "vip_levels"."name_bn" IS NULL;
