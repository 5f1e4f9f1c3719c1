-- How many orders were placed on each day (UTC), kept by the orders' count trigger: a numbered
-- page deep in All Orders adds up days from the newest to find the day it starts in, then skips
-- within that day, instead of walking every order above it (docs/decisions/042).
CREATE TABLE "order_day_counts" (
	"day" date NOT NULL,
	"slot" smallint NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "order_day_counts_day_slot_pk" PRIMARY KEY("day","slot")
);--> statement-breakpoint
-- Adds to each day's count of orders, each connection to its own slot (as add_row_counts does),
-- the days in order so that concurrent writers take their rows in the same order.
CREATE FUNCTION "add_order_day_counts"(days date[], deltas bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "order_day_counts" AS c ("day", "slot", "value")
	SELECT u.d, pg_backend_pid() % 32, u.n FROM unnest(days, deltas) AS u(d, n)
	WHERE u.n <> 0
	ORDER BY u.d
	ON CONFLICT ("day", "slot") DO UPDATE SET "value" = c."value" + excluded."value";
END;
$$;--> statement-breakpoint
-- The counts of 0063, and each day's orders (the day an order was placed, in UTC).
CREATE OR REPLACE FUNCTION "count_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	d_all bigint := 0;
	d_paid bigint := 0;
	names text[];
	deltas bigint[];
	days date[];
	day_deltas bigint[];
BEGIN
	IF TG_OP <> 'DELETE' THEN
		SELECT count(*), count(*) FILTER (WHERE r.paid) INTO d_all, d_paid FROM new_rows r;
	END IF;
	IF TG_OP <> 'INSERT' THEN
		SELECT d_all - count(*), d_paid - count(*) FILTER (WHERE r.paid) INTO d_all, d_paid FROM old_rows r;
	END IF;
	PERFORM add_row_counts(ARRAY['orders', 'orders_paid'], ARRAY[d_all, d_paid]);
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(c.name), array_agg(c.delta) INTO names, deltas FROM (
			SELECT n.name, count(*) AS delta
			FROM new_rows r, unnest(order_assignee_counts(r.assignee_id, r.paid, r.state, r.due_at, r.plan_id)) AS n(name)
			GROUP BY n.name
		) c;
		SELECT array_agg(c.day ORDER BY c.day), array_agg(c.delta ORDER BY c.day) INTO days, day_deltas FROM (
			SELECT (r.created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS delta FROM new_rows r GROUP BY 1
		) c;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(c.name), array_agg(c.delta) INTO names, deltas FROM (
			SELECT n.name, -count(*) AS delta
			FROM old_rows r, unnest(order_assignee_counts(r.assignee_id, r.paid, r.state, r.due_at, r.plan_id)) AS n(name)
			GROUP BY n.name
		) c;
		SELECT array_agg(c.day ORDER BY c.day), array_agg(c.delta ORDER BY c.day) INTO days, day_deltas FROM (
			SELECT (r.created_at AT TIME ZONE 'UTC')::date AS day, -count(*) AS delta FROM old_rows r GROUP BY 1
		) c;
	ELSE
		SELECT array_agg(c.name), array_agg(c.delta) INTO names, deltas FROM (
			SELECT d.name, sum(d.delta)::bigint AS delta FROM (
				SELECT n.name, 1 AS delta
				FROM new_rows r, unnest(order_assignee_counts(r.assignee_id, r.paid, r.state, r.due_at, r.plan_id)) AS n(name)
				UNION ALL
				SELECT n.name, -1
				FROM old_rows r, unnest(order_assignee_counts(r.assignee_id, r.paid, r.state, r.due_at, r.plan_id)) AS n(name)
			) d GROUP BY d.name HAVING sum(d.delta) <> 0
		) c;
		SELECT array_agg(c.day ORDER BY c.day), array_agg(c.delta ORDER BY c.day) INTO days, day_deltas FROM (
			SELECT d.day, sum(d.delta)::bigint AS delta FROM (
				SELECT (r.created_at AT TIME ZONE 'UTC')::date AS day, 1 AS delta FROM new_rows r
				UNION ALL
				SELECT (r.created_at AT TIME ZONE 'UTC')::date, -1 FROM old_rows r
			) d GROUP BY d.day HAVING sum(d.delta) <> 0
		) c;
	END IF;
	IF names IS NOT NULL THEN
		PERFORM add_row_counts(names, deltas);
	END IF;
	IF days IS NOT NULL THEN
		PERFORM add_order_day_counts(days, day_deltas);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
-- Emptied with the orders, as the counts of 0007 are forgotten then.
CREATE FUNCTION "forget_order_day_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "order_day_counts";
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "order_days_counted_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "forget_order_day_counts"();--> statement-breakpoint
INSERT INTO "order_day_counts" ("day", "slot", "value")
SELECT ("created_at" AT TIME ZONE 'UTC')::date, 0, count(*) FROM "orders" GROUP BY 1;
