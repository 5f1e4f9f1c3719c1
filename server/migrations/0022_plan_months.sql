CREATE TABLE "plan_months" (
	"month" date NOT NULL,
	"plan_id" uuid NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"paid_orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plan_months_month_plan_id_pk" PRIMARY KEY("month","plan_id")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "plan_id" uuid;--> statement-breakpoint
-- A payment carries its order's plan from the moment it is recorded (the order's plan never changes).
CREATE FUNCTION "payments_plan_of_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."plan_id" IS NULL THEN
		SELECT o."plan_id" INTO NEW."plan_id" FROM "orders" o WHERE o."id" = NEW."order_id";
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payments_plan_of_order" BEFORE INSERT ON "payments"
	FOR EACH ROW EXECUTE FUNCTION "payments_plan_of_order"();
--> statement-breakpoint
-- Adds to one month's figures of one plan; the month is the UTC calendar month of `at`.
CREATE FUNCTION "add_plan_month"("at" timestamptz, "plan" uuid, "cents" bigint, "bought" integer)
	RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF "at" IS NULL OR "plan" IS NULL OR ("cents" = 0 AND "bought" = 0) THEN
		RETURN;
	END IF;
	INSERT INTO "plan_months" AS m ("month", "plan_id", "revenue_cents", "paid_orders")
	VALUES (date_trunc('month', "at" AT TIME ZONE 'UTC')::date, "plan", "cents", "bought")
	ON CONFLICT ("month", "plan_id") DO UPDATE
		SET "revenue_cents" = m."revenue_cents" + excluded."revenue_cents",
			"paid_orders" = m."paid_orders" + excluded."paid_orders";
END $$;
--> statement-breakpoint
CREATE FUNCTION "plan_months_of_payments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM add_plan_month(OLD."payment_time", OLD."plan_id", -OLD."amount_cents", 0);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM add_plan_month(NEW."payment_time", NEW."plan_id", NEW."amount_cents", 0);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- An order counts as bought in the month it was first paid (its payment_time); unpaid orders,
-- the ones placed all the time, fire nothing.
CREATE FUNCTION "plan_months_of_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM add_plan_month(OLD."payment_time", OLD."plan_id", 0, -1);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM add_plan_month(NEW."payment_time", NEW."plan_id", 0, 1);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- The payments and orders recorded so far; the triggers below keep the figures from now on.
UPDATE "payments" p SET "plan_id" = o."plan_id" FROM "orders" o WHERE o."id" = p."order_id";
--> statement-breakpoint
INSERT INTO "plan_months" ("month", "plan_id", "revenue_cents", "paid_orders")
SELECT "month", "plan_id", sum("cents"), sum("bought")::integer FROM (
	SELECT date_trunc('month', "payment_time" AT TIME ZONE 'UTC')::date AS "month", "plan_id",
		"amount_cents"::bigint AS "cents", 0 AS "bought"
	FROM "payments" WHERE "plan_id" IS NOT NULL
	UNION ALL
	SELECT date_trunc('month', "payment_time" AT TIME ZONE 'UTC')::date, "plan_id", 0, 1
	FROM "orders" WHERE "payment_time" IS NOT NULL
) AS figures
GROUP BY "month", "plan_id";
--> statement-breakpoint
CREATE TRIGGER "plan_months_of_payments"
	AFTER INSERT OR DELETE OR UPDATE OF "payment_time", "amount_cents", "plan_id" ON "payments"
	FOR EACH ROW EXECUTE FUNCTION "plan_months_of_payments"();
--> statement-breakpoint
CREATE TRIGGER "plan_months_of_new_orders" AFTER INSERT ON "orders"
	FOR EACH ROW WHEN (NEW."payment_time" IS NOT NULL) EXECUTE FUNCTION "plan_months_of_orders"();
--> statement-breakpoint
CREATE TRIGGER "plan_months_of_changed_orders" AFTER UPDATE OF "payment_time", "plan_id" ON "orders"
	FOR EACH ROW
	WHEN (OLD."payment_time" IS DISTINCT FROM NEW."payment_time" OR OLD."plan_id" IS DISTINCT FROM NEW."plan_id")
	EXECUTE FUNCTION "plan_months_of_orders"();
--> statement-breakpoint
CREATE TRIGGER "plan_months_of_deleted_orders" AFTER DELETE ON "orders"
	FOR EACH ROW WHEN (OLD."payment_time" IS NOT NULL) EXECUTE FUNCTION "plan_months_of_orders"();
