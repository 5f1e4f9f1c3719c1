-- How many orders were placed on each day (UTC): all of them, and those of each state, plan, state
-- and plan, and payment, kept by the orders' count trigger. A numbered page deep in All Orders,
-- with no filter or one of these, adds up days from the newest to find the day it starts in, then
-- skips within that day, instead of walking every order above it (docs/decisions/042).
CREATE TABLE "order_day_counts" (
	"key" text NOT NULL,
	"day" date NOT NULL,
	"slot" smallint NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "order_day_counts_key_day_slot_pk" PRIMARY KEY("key","day","slot")
);--> statement-breakpoint
-- The day counts an order is in: all orders (""), its state, its payment, its plan, its state and
-- plan (those it has: an order not yet paid has no state).
CREATE FUNCTION "order_day_keys"(state text, plan uuid, paid boolean)
RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
	SELECT array_remove(ARRAY['', 'state:' || state, 'paid:' || paid::text, 'plan:' || plan, 'state_plan:' || state || ':' || plan], NULL)
$$;--> statement-breakpoint
-- Adds to day counts, each connection to its own slot (as add_row_counts does), in the order of
-- their keys and days, so that concurrent writers take their rows in the same order.
CREATE FUNCTION "add_order_day_counts"(keys text[], days date[], deltas bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "order_day_counts" AS c ("key", "day", "slot", "value")
	SELECT u.k, u.d, pg_backend_pid() % 32, u.n FROM unnest(keys, days, deltas) AS u(k, d, n)
	WHERE u.n <> 0
	ORDER BY u.k, u.d
	ON CONFLICT ("key", "day", "slot") DO UPDATE SET "value" = c."value" + excluded."value";
END;
$$;--> statement-breakpoint
-- The counts of 0063, and the day counts.
CREATE OR REPLACE FUNCTION "count_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	d_all bigint := 0;
	d_paid bigint := 0;
	names text[];
	deltas bigint[];
	day_keys text[];
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
		SELECT array_agg(c.key), array_agg(c.day), array_agg(c.delta) INTO day_keys, days, day_deltas FROM (
			SELECT k.key, (r.created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS delta
			FROM new_rows r, unnest(order_day_keys(r.state, r.plan_id, r.paid)) AS k(key)
			GROUP BY 1, 2
		) c;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(c.name), array_agg(c.delta) INTO names, deltas FROM (
			SELECT n.name, -count(*) AS delta
			FROM old_rows r, unnest(order_assignee_counts(r.assignee_id, r.paid, r.state, r.due_at, r.plan_id)) AS n(name)
			GROUP BY n.name
		) c;
		SELECT array_agg(c.key), array_agg(c.day), array_agg(c.delta) INTO day_keys, days, day_deltas FROM (
			SELECT k.key, (r.created_at AT TIME ZONE 'UTC')::date AS day, -count(*) AS delta
			FROM old_rows r, unnest(order_day_keys(r.state, r.plan_id, r.paid)) AS k(key)
			GROUP BY 1, 2
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
		SELECT array_agg(c.key), array_agg(c.day), array_agg(c.delta) INTO day_keys, days, day_deltas FROM (
			SELECT d.key, d.day, sum(d.delta)::bigint AS delta FROM (
				SELECT k.key, (r.created_at AT TIME ZONE 'UTC')::date AS day, 1 AS delta
				FROM new_rows r, unnest(order_day_keys(r.state, r.plan_id, r.paid)) AS k(key)
				UNION ALL
				SELECT k.key, (r.created_at AT TIME ZONE 'UTC')::date, -1
				FROM old_rows r, unnest(order_day_keys(r.state, r.plan_id, r.paid)) AS k(key)
			) d GROUP BY d.key, d.day HAVING sum(d.delta) <> 0
		) c;
	END IF;
	IF names IS NOT NULL THEN
		PERFORM add_row_counts(names, deltas);
	END IF;
	IF day_keys IS NOT NULL THEN
		PERFORM add_order_day_counts(day_keys, days, day_deltas);
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
INSERT INTO "order_day_counts" ("key", "day", "slot", "value")
SELECT k.key, ("created_at" AT TIME ZONE 'UTC')::date, 0, count(*)
FROM "orders" o, unnest(order_day_keys(o."state", o."plan_id", o."paid")) AS k(key)
GROUP BY 1, 2;
