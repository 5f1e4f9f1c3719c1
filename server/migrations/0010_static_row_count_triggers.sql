-- The row-count triggers of 0007 with static SQL: PL/pgSQL keeps the plans of static statements
-- for the session, where the dynamic ones were parsed and planned on every write (about a
-- millisecond per order on the embedded database).
CREATE FUNCTION "add_row_counts"(names text[], deltas bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	-- Each connection adds to its own slot, so concurrent writers do not wait on one row.
	INSERT INTO "row_counts" AS c ("name", "slot", "value")
	SELECT u.n, pg_backend_pid() % 32, u.d FROM unnest(names, deltas) AS u(n, d)
	WHERE u.d <> 0
	ORDER BY u.n
	ON CONFLICT ("name", "slot") DO UPDATE SET "value" = c."value" + excluded."value";
END;
$$;--> statement-breakpoint
-- Each function counts what its statement added (new_rows) minus what it removed (old_rows); a
-- trigger declares only the transition tables its event has, and only that branch runs.
CREATE FUNCTION "count_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	d_all bigint := 0;
	d_paid bigint := 0;
BEGIN
	IF TG_OP <> 'DELETE' THEN
		SELECT count(*), count(*) FILTER (WHERE r.paid) INTO d_all, d_paid FROM new_rows r;
	END IF;
	IF TG_OP <> 'INSERT' THEN
		SELECT d_all - count(*), d_paid - count(*) FILTER (WHERE r.paid) INTO d_all, d_paid FROM old_rows r;
	END IF;
	PERFORM add_row_counts(ARRAY['orders', 'orders_paid'], ARRAY[d_all, d_paid]);
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "count_users"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	d_all bigint := 0;
BEGIN
	IF TG_OP <> 'DELETE' THEN
		SELECT count(*) INTO d_all FROM new_rows;
	END IF;
	IF TG_OP <> 'INSERT' THEN
		SELECT d_all - count(*) INTO d_all FROM old_rows;
	END IF;
	PERFORM add_row_counts(ARRAY['users'], ARRAY[d_all]);
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "count_reviews"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	d_all bigint := 0;
	d_public bigint := 0;
BEGIN
	IF TG_OP <> 'DELETE' THEN
		SELECT count(*), count(*) FILTER (WHERE NOT r.hidden) INTO d_all, d_public FROM new_rows r;
	END IF;
	IF TG_OP <> 'INSERT' THEN
		SELECT d_all - count(*), d_public - count(*) FILTER (WHERE NOT r.hidden) INTO d_all, d_public FROM old_rows r;
	END IF;
	PERFORM add_row_counts(ARRAY['reviews', 'reviews_public'], ARRAY[d_all, d_public]);
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "count_leads"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	d_contact bigint := 0;
	d_query bigint := 0;
	d_newsletter bigint := 0;
BEGIN
	-- A newsletter sign-up counts once its address is confirmed.
	IF TG_OP <> 'DELETE' THEN
		SELECT count(*) FILTER (WHERE r.kind = 'contact'), count(*) FILTER (WHERE r.kind = 'query'),
			count(*) FILTER (WHERE r.kind = 'newsletter' AND r.confirmed_at IS NOT NULL)
		INTO d_contact, d_query, d_newsletter FROM new_rows r;
	END IF;
	IF TG_OP <> 'INSERT' THEN
		SELECT d_contact - count(*) FILTER (WHERE r.kind = 'contact'), d_query - count(*) FILTER (WHERE r.kind = 'query'),
			d_newsletter - count(*) FILTER (WHERE r.kind = 'newsletter' AND r.confirmed_at IS NOT NULL)
		INTO d_contact, d_query, d_newsletter FROM old_rows r;
	END IF;
	PERFORM add_row_counts(ARRAY['leads_contact', 'leads_query', 'leads_newsletter'], ARRAY[d_contact, d_query, d_newsletter]);
	RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "orders_counted_insert" ON "orders";--> statement-breakpoint
DROP TRIGGER "orders_counted_update" ON "orders";--> statement-breakpoint
DROP TRIGGER "orders_counted_delete" ON "orders";--> statement-breakpoint
DROP TRIGGER "user_counted_insert" ON "user";--> statement-breakpoint
DROP TRIGGER "user_counted_delete" ON "user";--> statement-breakpoint
DROP TRIGGER "reviews_counted_insert" ON "reviews";--> statement-breakpoint
DROP TRIGGER "reviews_counted_update" ON "reviews";--> statement-breakpoint
DROP TRIGGER "reviews_counted_delete" ON "reviews";--> statement-breakpoint
DROP TRIGGER "leads_counted_insert" ON "leads";--> statement-breakpoint
DROP TRIGGER "leads_counted_update" ON "leads";--> statement-breakpoint
DROP TRIGGER "leads_counted_delete" ON "leads";--> statement-breakpoint
DROP FUNCTION "count_rows"();--> statement-breakpoint
CREATE TRIGGER "orders_counted_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_orders"();--> statement-breakpoint
CREATE TRIGGER "orders_counted_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_orders"();--> statement-breakpoint
CREATE TRIGGER "orders_counted_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_orders"();--> statement-breakpoint
CREATE TRIGGER "user_counted_insert" AFTER INSERT ON "user" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_users"();--> statement-breakpoint
CREATE TRIGGER "user_counted_delete" AFTER DELETE ON "user" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_users"();--> statement-breakpoint
CREATE TRIGGER "reviews_counted_insert" AFTER INSERT ON "reviews" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_reviews"();--> statement-breakpoint
CREATE TRIGGER "reviews_counted_update" AFTER UPDATE ON "reviews" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_reviews"();--> statement-breakpoint
CREATE TRIGGER "reviews_counted_delete" AFTER DELETE ON "reviews" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_reviews"();--> statement-breakpoint
CREATE TRIGGER "leads_counted_insert" AFTER INSERT ON "leads" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_leads"();--> statement-breakpoint
CREATE TRIGGER "leads_counted_update" AFTER UPDATE ON "leads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_leads"();--> statement-breakpoint
CREATE TRIGGER "leads_counted_delete" AFTER DELETE ON "leads" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_leads"();
