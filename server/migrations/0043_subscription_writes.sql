-- Every row a statement writes to "subscriptions" (inserted, updated or deleted) is counted in
-- "subscriptions_writes", beside the summary's figures that the same trigger keeps (0038): a
-- number that only grows, so a process that keeps something read from subscriptions (the
-- Overview's lists of cancellations and past-due subscriptions) knows from one row whether it
-- may still answer with it.
CREATE OR REPLACE FUNCTION "count_subscriptions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	names text[];
	deltas bigint[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(c.name), array_agg(c.delta) INTO names, deltas FROM (
			SELECT 'subscriptions:' || r.status AS name, count(*)::bigint AS delta FROM new_rows r GROUP BY 1
			UNION ALL
			SELECT 'subscriptions_writes', count(*)::bigint FROM new_rows HAVING count(*) > 0
			UNION ALL
			SELECT 'subscriptions_mrr_x12', sum(CASE WHEN r.interval = 'yearly' THEN 1 ELSE 12 END * (r.price_cents + r.recurring_lines_cents)::bigint)::bigint
			FROM new_rows r WHERE r.status IN ('active', 'past_due')
		) c WHERE c.delta IS NOT NULL;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(c.name), array_agg(c.delta) INTO names, deltas FROM (
			SELECT 'subscriptions:' || r.status AS name, -count(*)::bigint AS delta FROM old_rows r GROUP BY 1
			UNION ALL
			SELECT 'subscriptions_writes', count(*)::bigint FROM old_rows HAVING count(*) > 0
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
				SELECT 'subscriptions_writes', 1 FROM new_rows
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
$$;
