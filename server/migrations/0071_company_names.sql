-- Every change to a client company's name, counted: a company renamed or deleted. The work board
-- reads the count beside its cards and names their companies from the names it read before while
-- the count stands, rather than looking each one up at every call (docs/decisions/044-the-board-names-what-it-keeps.md).
CREATE FUNCTION "count_company_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM add_row_counts(ARRAY['company_names'], ARRAY[1::bigint]);
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "companies_names_update" AFTER UPDATE ON "companies" FOR EACH ROW
	WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "count_company_names"();--> statement-breakpoint
CREATE TRIGGER "companies_names_delete" AFTER DELETE ON "companies" FOR EACH ROW
	EXECUTE FUNCTION "count_company_names"();
