ALTER TABLE "receipts" ADD COLUMN "buyer" jsonb;--> statement-breakpoint
ALTER TABLE "sales_documents" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "sales_documents" ADD COLUMN "buyer" jsonb;--> statement-breakpoint
ALTER TABLE "sales_documents" ADD CONSTRAINT "sales_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_documents_company_idx" ON "sales_documents" USING btree ("company_id","created_at");--> statement-breakpoint
-- Documents already sent go to their account's company; what they printed stays as it was
-- (no buyer: the person only).
ALTER TABLE "sales_documents" DISABLE TRIGGER "sales_documents_frozen";--> statement-breakpoint
UPDATE "sales_documents" AS d SET "company_id" = u."company_id"
	FROM "user" AS u WHERE u."id" = d."user_id" AND u."company_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_documents" ENABLE TRIGGER "sales_documents_frozen";--> statement-breakpoint
-- The company a sent document prints is part of what was sent.
CREATE OR REPLACE FUNCTION "sales_documents_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD."state" <> 'draft' AND (
		NEW."kind" IS DISTINCT FROM OLD."kind" OR NEW."series_id" IS DISTINCT FROM OLD."series_id"
		OR NEW."revision" IS DISTINCT FROM OLD."revision" OR NEW."number" IS DISTINCT FROM OLD."number"
		OR ((NEW."email" IS DISTINCT FROM OLD."email" OR NEW."name" IS DISTINCT FROM OLD."name")
			AND NOT (NEW."email" LIKE 'deleted-%@deleted.invalid' AND NEW."name" = 'Deleted customer'))
		OR NEW."note" IS DISTINCT FROM OLD."note" OR NEW."valid_until" IS DISTINCT FROM OLD."valid_until"
		OR NEW."due_date" IS DISTINCT FROM OLD."due_date" OR NEW."currency" IS DISTINCT FROM OLD."currency"
		OR NEW."total_cents" IS DISTINCT FROM OLD."total_cents"
		OR NEW."recurring_cents" IS DISTINCT FROM OLD."recurring_cents"
		OR NEW."recurring_interval" IS DISTINCT FROM OLD."recurring_interval"
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
