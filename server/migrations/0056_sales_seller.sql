ALTER TABLE "sales_documents" ADD COLUMN "seller" jsonb;--> statement-breakpoint
-- The letterhead a sent revision printed is part of what was sent.
CREATE OR REPLACE FUNCTION "sales_documents_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"accepting" boolean := OLD."kind" = 'quote' AND OLD."state" IN ('sent', 'viewed') AND NEW."state" = 'accepted';
BEGIN
	IF OLD."state" <> 'draft' AND (
		NEW."kind" IS DISTINCT FROM OLD."kind" OR NEW."series_id" IS DISTINCT FROM OLD."series_id"
		OR NEW."revision" IS DISTINCT FROM OLD."revision" OR NEW."number" IS DISTINCT FROM OLD."number"
		OR ((NEW."email" IS DISTINCT FROM OLD."email" OR NEW."name" IS DISTINCT FROM OLD."name")
			AND NOT (NEW."email" LIKE 'deleted-%@deleted.invalid' AND NEW."name" = 'Deleted customer'))
		OR NEW."note" IS DISTINCT FROM OLD."note" OR NEW."valid_until" IS DISTINCT FROM OLD."valid_until"
		OR NEW."due_date" IS DISTINCT FROM OLD."due_date" OR NEW."currency" IS DISTINCT FROM OLD."currency"
		OR (NOT "accepting" AND (
			NEW."total_cents" IS DISTINCT FROM OLD."total_cents"
			OR NEW."recurring_cents" IS DISTINCT FROM OLD."recurring_cents"
			OR NEW."recurring_interval" IS DISTINCT FROM OLD."recurring_interval"))
		OR NEW."token" IS DISTINCT FROM OLD."token"
		OR NEW."buyer" IS DISTINCT FROM OLD."buyer"
		OR NEW."seller" IS DISTINCT FROM OLD."seller"
	) THEN
		RAISE EXCEPTION 'A sent quote or invoice cannot be changed; revise it instead.';
	END IF;
	IF OLD."state" <> 'draft' AND NEW."state" = 'draft' THEN
		RAISE EXCEPTION 'A sent quote or invoice cannot become a draft again.';
	END IF;
	RETURN NEW;
END $$;
