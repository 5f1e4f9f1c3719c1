DROP INDEX "subscriptions_canceled_at_idx";--> statement-breakpoint
DROP INDEX "subscriptions_past_due_idx";--> statement-breakpoint
CREATE INDEX "subscriptions_canceled_at_idx" ON "subscriptions" USING btree ("canceled_at","id");--> statement-breakpoint
CREATE INDEX "subscriptions_past_due_idx" ON "subscriptions" USING btree ("current_period_end","id") WHERE "subscriptions"."status" = 'past_due';--> statement-breakpoint
-- The subscriptions summary's figures, kept by a statement trigger beside the other row counts:
-- how many subscriptions are in each status, and twelve times the monthly recurring revenue of
-- those that renew (active, past due), in cents, so that a yearly plan's twelfth stays whole.
-- The Overview reads them from a few rows however many subscriptions there are.
CREATE OR REPLACE FUNCTION "count_subscriptions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	names text[];
	deltas bigint[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(c.name), array_agg(c.delta) INTO names, deltas FROM (
			SELECT 'subscriptions:' || r.status AS name, count(*)::bigint AS delta FROM new_rows r GROUP BY 1
			UNION ALL
			SELECT 'subscriptions_mrr_x12', sum(CASE WHEN r.interval = 'yearly' THEN 1 ELSE 12 END * (r.price_cents + r.recurring_lines_cents)::bigint)::bigint
			FROM new_rows r WHERE r.status IN ('active', 'past_due')
		) c WHERE c.delta IS NOT NULL;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(c.name), array_agg(c.delta) INTO names, deltas FROM (
			SELECT 'subscriptions:' || r.status AS name, -count(*)::bigint AS delta FROM old_rows r GROUP BY 1
			UNION ALL
			SELECT 'subscriptions_mrr_x12', -sum(CASE WHEN r.interval = 'yearly' THEN 1 ELSE 12 END * (r.price_cents + r.recurring_lines_cents)::bigint)::bigint
			FROM old_rows r WHERE r.status IN ('active', 'past_due')
		) c WHERE c.delta IS NOT NULL;
	ELSE
		SELECT array_agg(c.name), array_agg(c.delta) INTO names, deltas FROM (
			SELECT d.name, sum(d.delta)::bigint AS delta FROM (
				SELECT 'subscriptions:' || r.status AS name, 1::bigint AS delta FROM new_rows r
				UNION ALL
				SELECT 'subscriptions:' || r.status, -1 FROM old_rows r
				UNION ALL
				SELECT 'subscriptions_mrr_x12', CASE WHEN r.interval = 'yearly' THEN 1 ELSE 12 END * (r.price_cents + r.recurring_lines_cents)::bigint
				FROM new_rows r WHERE r.status IN ('active', 'past_due')
				UNION ALL
				SELECT 'subscriptions_mrr_x12', -CASE WHEN r.interval = 'yearly' THEN 1 ELSE 12 END * (r.price_cents + r.recurring_lines_cents)::bigint
				FROM old_rows r WHERE r.status IN ('active', 'past_due')
			) d GROUP BY d.name
		) c;
	END IF;
	IF names IS NOT NULL THEN
		PERFORM add_row_counts(names, deltas);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "subscriptions_counted_insert" AFTER INSERT ON "subscriptions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_subscriptions"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_counted_update" AFTER UPDATE ON "subscriptions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_subscriptions"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_counted_delete" AFTER DELETE ON "subscriptions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_subscriptions"();--> statement-breakpoint
INSERT INTO "row_counts" AS c ("name", "slot", "value")
SELECT u.name, 0, u.value FROM (
	SELECT 'subscriptions:' || "status" AS name, count(*)::bigint AS value FROM "subscriptions" GROUP BY 1
	UNION ALL
	SELECT 'subscriptions_mrr_x12', sum(CASE WHEN "interval" = 'yearly' THEN 1 ELSE 12 END * ("price_cents" + "recurring_lines_cents")::bigint)::bigint
	FROM "subscriptions" WHERE "status" IN ('active', 'past_due')
) u
WHERE u.value IS NOT NULL
ON CONFLICT ("name", "slot") DO UPDATE SET "value" = c."value" + excluded."value";
