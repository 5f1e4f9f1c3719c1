-- The Overview's new customers per month and its churn, kept per calendar month (UTC) in
-- "row_counts" by statement triggers, as the summary's figures are (0038): computing them read
-- every customer who signed up in the last twelve months and every subscription that started or
-- stopped since the previous month began (tens of thousands of rows), now a few dozen counts.
-- Each trigger adds what its statement's new rows count and takes off what its old rows counted,
-- so a change of price, status, role or date moves a row from one month's count to another's.
--
-- customers:<month>                         customers (no role) who signed up in the month
-- churn_started_x12:<month>                 12 x monthly value, in cents, of the subscriptions
--                                           anchored in the month that renew and have not stopped
-- churn_stopped_x12:<month>:previous       12 x monthly value of those that stopped (cancelled,
-- churn_stopped_x12:<month>:earlier         or ended) in the month, anchored in the month before
--                                           it or earlier (the churn of a month counts only what
--                                           was renewing at its start)
-- churn_cancelled:<month>                   subscriptions cancelled in the month
CREATE FUNCTION "customer_month_entries"(u "user") RETURNS TABLE("name" text, "value" bigint) LANGUAGE sql STABLE AS $$
	SELECT 'customers:' || to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM'), 1::bigint WHERE u.role IS NULL
$$;--> statement-breakpoint
CREATE FUNCTION "churn_entries"(s "subscriptions") RETURNS TABLE("name" text, "value" bigint) LANGUAGE sql STABLE AS $$
	SELECT e.name, e.value FROM (
		SELECT
			date_trunc('month', s.anchor_at AT TIME ZONE 'UTC') AS anchored,
			date_trunc('month', coalesce(s.canceled_at, s.ended_at) AT TIME ZONE 'UTC') AS stopped,
			CASE WHEN s.interval = 'yearly' THEN 1 ELSE 12 END * (s.price_cents + s.recurring_lines_cents)::bigint AS x12
	) m, LATERAL (VALUES
		(CASE WHEN s.canceled_at IS NULL AND s.ended_at IS NULL AND s.status IN ('active', 'past_due')
			THEN 'churn_started_x12:' || to_char(m.anchored, 'YYYY-MM') END, m.x12),
		(CASE WHEN m.anchored < m.stopped
			THEN 'churn_stopped_x12:' || to_char(m.stopped, 'YYYY-MM')
				|| CASE WHEN m.anchored = m.stopped - interval '1 month' THEN ':previous' ELSE ':earlier' END END, m.x12),
		(CASE WHEN s.canceled_at IS NOT NULL
			THEN 'churn_cancelled:' || to_char(s.canceled_at AT TIME ZONE 'UTC', 'YYYY-MM') END, 1::bigint)
	) AS e("name", "value")
	WHERE e.name IS NOT NULL
$$;--> statement-breakpoint
CREATE FUNCTION "count_customer_months"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	names text[];
	deltas bigint[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(c.name), array_agg(c.delta) INTO names, deltas FROM (
			SELECT e.name, sum(e.value)::bigint AS delta FROM new_rows r, customer_month_entries(r) e GROUP BY 1
		) c;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(c.name), array_agg(c.delta) INTO names, deltas FROM (
			SELECT e.name, -sum(e.value)::bigint AS delta FROM old_rows r, customer_month_entries(r) e GROUP BY 1
		) c;
	ELSE
		SELECT array_agg(c.name), array_agg(c.delta) INTO names, deltas FROM (
			SELECT d.name, sum(d.delta)::bigint AS delta FROM (
				SELECT e.name, e.value AS delta FROM new_rows r, customer_month_entries(r) e
				UNION ALL
				SELECT e.name, -e.value FROM old_rows r, customer_month_entries(r) e
			) d GROUP BY 1
		) c;
	END IF;
	IF names IS NOT NULL THEN
		PERFORM add_row_counts(names, deltas);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "count_churn"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	names text[];
	deltas bigint[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(c.name), array_agg(c.delta) INTO names, deltas FROM (
			SELECT e.name, sum(e.value)::bigint AS delta FROM new_rows r, churn_entries(r) e GROUP BY 1
		) c;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(c.name), array_agg(c.delta) INTO names, deltas FROM (
			SELECT e.name, -sum(e.value)::bigint AS delta FROM old_rows r, churn_entries(r) e GROUP BY 1
		) c;
	ELSE
		SELECT array_agg(c.name), array_agg(c.delta) INTO names, deltas FROM (
			SELECT d.name, sum(d.delta)::bigint AS delta FROM (
				SELECT e.name, e.value AS delta FROM new_rows r, churn_entries(r) e
				UNION ALL
				SELECT e.name, -e.value FROM old_rows r, churn_entries(r) e
			) d GROUP BY 1
		) c;
	END IF;
	IF names IS NOT NULL THEN
		PERFORM add_row_counts(names, deltas);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "user_months_counted_insert" AFTER INSERT ON "user" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_customer_months"();--> statement-breakpoint
CREATE TRIGGER "user_months_counted_update" AFTER UPDATE ON "user" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_customer_months"();--> statement-breakpoint
CREATE TRIGGER "user_months_counted_delete" AFTER DELETE ON "user" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_customer_months"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_churn_insert" AFTER INSERT ON "subscriptions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_churn"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_churn_update" AFTER UPDATE ON "subscriptions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_churn"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_churn_delete" AFTER DELETE ON "subscriptions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_churn"();--> statement-breakpoint
INSERT INTO "row_counts" AS c ("name", "slot", "value")
SELECT u.name, 0, u.value FROM (
	SELECT e.name, sum(e.value)::bigint AS value FROM "user" r, customer_month_entries(r) e GROUP BY 1
	UNION ALL
	SELECT e.name, sum(e.value)::bigint FROM "subscriptions" r, churn_entries(r) e GROUP BY 1
) u
WHERE u.value <> 0
ON CONFLICT ("name", "slot") DO UPDATE SET "value" = c."value" + excluded."value";
