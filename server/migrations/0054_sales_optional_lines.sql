ALTER TABLE "sales_document_lines" ADD COLUMN "optional" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_document_lines" ADD COLUMN "chosen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- What was sent stays as it was; the client's choice of a quote's optional lines is written once,
-- as the quote is accepted: the lines' "chosen" while it waits for the answer, and the total it
-- makes in the update that accepts it.
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
	) THEN
		RAISE EXCEPTION 'A sent quote or invoice cannot be changed; revise it instead.';
	END IF;
	IF OLD."state" <> 'draft' AND NEW."state" = 'draft' THEN
		RAISE EXCEPTION 'A sent quote or invoice cannot become a draft again.';
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_document_lines_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"document" uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD."document_id" ELSE NEW."document_id" END;
	"state" text;
	"kind" text;
BEGIN
	SELECT d."state", d."kind" INTO "state", "kind" FROM "sales_documents" d WHERE d."id" = "document";
	IF "state" IS NULL OR "state" = 'draft' THEN
		RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
	END IF;
	-- A waiting quote's optional line is ticked or not, and nothing else about it changes.
	IF TG_OP = 'UPDATE' AND "kind" = 'quote' AND "state" IN ('sent', 'viewed') AND OLD."optional"
		AND (to_jsonb(NEW) - 'chosen') = (to_jsonb(OLD) - 'chosen') THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'The lines of a sent quote or invoice cannot be changed.';
END $$;
