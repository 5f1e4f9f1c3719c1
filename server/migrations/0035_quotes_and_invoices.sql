CREATE TABLE "sales_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "sales_counters_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "sales_document_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"note" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_document_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"recurring" text
);
--> statement-breakpoint
CREATE TABLE "sales_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"series_id" uuid NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"number" text,
	"year" integer,
	"sequence" integer,
	"state" text DEFAULT 'draft' NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"valid_until" date,
	"due_date" date,
	"currency" text DEFAULT 'usd' NOT NULL,
	"total_cents" integer NOT NULL,
	"recurring_cents" integer DEFAULT 0 NOT NULL,
	"recurring_interval" text,
	"token" text NOT NULL,
	"order_id" uuid,
	"created_by" text,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_documents_state_check" CHECK ("sales_documents"."state" in ('draft', 'sent', 'viewed', 'accepted', 'declined', 'paid', 'void', 'superseded')),
	CONSTRAINT "sales_documents_kind_check" CHECK ("sales_documents"."kind" in ('quote', 'invoice'))
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "plan_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "plan_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "renewal_price_cents" integer;--> statement-breakpoint
ALTER TABLE "sales_document_events" ADD CONSTRAINT "sales_document_events_document_id_sales_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."sales_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_document_lines" ADD CONSTRAINT "sales_document_lines_document_id_sales_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."sales_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_documents" ADD CONSTRAINT "sales_documents_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_documents" ADD CONSTRAINT "sales_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_documents" ADD CONSTRAINT "sales_documents_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_document_events_document_idx" ON "sales_document_events" USING btree ("document_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_document_events_reminder_unique" ON "sales_document_events" USING btree ("document_id","note") WHERE "sales_document_events"."kind" = 'reminded';--> statement-breakpoint
CREATE UNIQUE INDEX "sales_document_lines_position_unique" ON "sales_document_lines" USING btree ("document_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_documents_series_revision_unique" ON "sales_documents" USING btree ("series_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_documents_number_unique" ON "sales_documents" USING btree ("kind","year","sequence") WHERE "sales_documents"."revision" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_documents_series_draft_unique" ON "sales_documents" USING btree ("series_id") WHERE "sales_documents"."state" = 'draft';--> statement-breakpoint
CREATE INDEX "sales_documents_token_idx" ON "sales_documents" USING btree ("token");--> statement-breakpoint
CREATE INDEX "sales_documents_created_at_idx" ON "sales_documents" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sales_documents_state_created_at_idx" ON "sales_documents" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "sales_documents_email_idx" ON "sales_documents" USING btree ("email");--> statement-breakpoint
CREATE INDEX "sales_documents_order_idx" ON "sales_documents" USING btree ("order_id");--> statement-breakpoint
-- A sent revision is frozen: what the customer was sent never changes (a change is a new
-- revision). Its state, dates, account and order still move on; and when the customer deletes
-- their account, their name and address give way to a deleted account's placeholders (as on
-- receipts, migration 0016).
CREATE FUNCTION "sales_documents_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
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
	) THEN
		RAISE EXCEPTION 'A sent quote or invoice cannot be changed; revise it instead.';
	END IF;
	IF OLD."state" <> 'draft' AND NEW."state" = 'draft' THEN
		RAISE EXCEPTION 'A sent quote or invoice cannot become a draft again.';
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sales_documents_frozen" BEFORE UPDATE ON "sales_documents"
	FOR EACH ROW EXECUTE FUNCTION "sales_documents_frozen"();
--> statement-breakpoint
CREATE FUNCTION "sales_document_lines_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"document" uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD."document_id" ELSE NEW."document_id" END;
BEGIN
	IF EXISTS (SELECT 1 FROM "sales_documents" d WHERE d."id" = "document" AND d."state" <> 'draft') THEN
		RAISE EXCEPTION 'The lines of a sent quote or invoice cannot be changed.';
	END IF;
	RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sales_document_lines_frozen" BEFORE INSERT OR UPDATE OR DELETE ON "sales_document_lines"
	FOR EACH ROW EXECUTE FUNCTION "sales_document_lines_frozen"();
--> statement-breakpoint
-- Custom work (an order without a plan) counts in the month's revenue and paid orders under the
-- nil id, which no plan has: the Overview's months include it, its plan rankings (joined to the
-- plans) leave it out.
CREATE OR REPLACE FUNCTION "add_plan_month"("at" timestamptz, "plan" uuid, "cents" bigint, "bought" integer)
	RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF "at" IS NULL OR ("cents" = 0 AND "bought" = 0) THEN
		RETURN;
	END IF;
	INSERT INTO "plan_months" AS m ("month", "plan_id", "revenue_cents", "paid_orders")
	VALUES (date_trunc('month', "at" AT TIME ZONE 'UTC')::date,
		coalesce("plan", '00000000-0000-0000-0000-000000000000'::uuid), "cents", "bought")
	ON CONFLICT ("month", "plan_id") DO UPDATE
		SET "revenue_cents" = m."revenue_cents" + excluded."revenue_cents",
			"paid_orders" = m."paid_orders" + excluded."paid_orders";
END $$;
