CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"vat_id" text,
	"billing_email" text NOT NULL,
	"details_given_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_name_not_blank" CHECK (length(trim("companies"."name")) > 0)
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "company_role" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_id" uuid;--> statement-breakpoint
CREATE INDEX "companies_name_lower_idx" ON "companies" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "companies_billing_email_lower_idx" ON "companies" USING btree (lower("billing_email"));--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_company_created_at_id_idx" ON "orders" USING btree ("company_id","created_at","id");--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_company_role_known" CHECK ("company_role" IN ('admin', 'approver', 'billing', 'member'));--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_company_role_with_company" CHECK (("company_id" IS NULL) = ("company_role" IS NULL));--> statement-breakpoint
-- Every customer becomes a company of one, named after them, and its Admin; addresses are unique,
-- so each new company finds its person by the address it was made from.
WITH "made" AS (
	INSERT INTO "companies" ("name", "billing_email", "created_at", "updated_at")
	SELECT CASE WHEN length(trim(u."name")) > 0 THEN u."name" ELSE u."email" END, u."email", u."created_at", u."created_at"
	FROM "user" u
	WHERE u."role" IS NULL
	RETURNING "id", "billing_email"
)
UPDATE "user" u SET "company_id" = "made"."id", "company_role" = 'admin'
FROM "made"
WHERE u."email" = "made"."billing_email" AND u."role" IS NULL;--> statement-breakpoint
-- Their orders (with what hangs on them: payments, subscriptions, receipts, messages, files) go
-- with them. A team member's own orders stay theirs alone.
UPDATE "orders" o SET "company_id" = u."company_id"
FROM "user" u
WHERE o."user_id" = u."id" AND u."company_id" IS NOT NULL;
