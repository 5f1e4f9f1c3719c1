CREATE TABLE "site_content" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blogs" ALTER COLUMN "blog_link" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "slug" text;--> statement-breakpoint
-- Posts written before slugs get one from their title; a title used twice gets its id's start too.
UPDATE "blogs" AS b SET "slug" = s."slug" FROM (
	SELECT "id", CASE WHEN row_number() OVER (PARTITION BY base ORDER BY "created_at", "id") = 1 THEN base
		ELSE base || '-' || left("id"::text, 8) END AS "slug"
	FROM (
		SELECT "id", "created_at",
			coalesce(nullif(left(trim(both '-' from lower(regexp_replace("title", '[^a-zA-Z0-9]+', '-', 'g'))), 80), ''), 'post') AS base
		FROM "blogs"
	) AS named
) AS s WHERE b."id" = s."id";--> statement-breakpoint
ALTER TABLE "blogs" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "body" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "blogs_slug_idx" ON "blogs" USING btree ("slug");