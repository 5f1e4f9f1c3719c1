-- The Companies page's search by a word: the words of each company's name, its billing e-mail and
-- its VAT ID under a B-tree (docs/decisions/034), each beside the name as the page sorts it, kept
-- by the triggers below.
CREATE TABLE "company_search_words" (
	"company_id" uuid NOT NULL,
	"word" text NOT NULL,
	"sort_name" text NOT NULL
);
--> statement-breakpoint
-- What a company is found by: each word of its name, split as the search split it before (at
-- anything but letters and digits), its billing e-mail and its VAT ID without spaces; each once.
CREATE FUNCTION "company_search_words_of"(name text, billing_email text, vat_id text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE AS $$
	SELECT word FROM regexp_split_to_table(lower(name), '[^[:alnum:]]+') AS word WHERE word <> ''
	UNION
	SELECT lower(billing_email)
	UNION
	SELECT replace(lower(vat_id), ' ', '') WHERE replace(coalesce(vat_id, ''), ' ', '') <> ''
$$;--> statement-breakpoint
INSERT INTO "company_search_words" ("company_id", "word", "sort_name")
	SELECT c.id, w.word, lower(c.name) FROM "companies" c, "company_search_words_of"(c.name, c.billing_email, c.vat_id) AS w(word);--> statement-breakpoint
ALTER TABLE "company_search_words" ADD CONSTRAINT "company_search_words_company_id_word_pk" PRIMARY KEY("company_id","word");--> statement-breakpoint
ALTER TABLE "company_search_words" ADD CONSTRAINT "company_search_words_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_search_words_word_idx" ON "company_search_words" USING btree ("word" text_pattern_ops,"sort_name","company_id");--> statement-breakpoint
CREATE FUNCTION "add_company_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "company_search_words" ("company_id", "word", "sort_name")
		SELECT n.id, w.word, lower(n.name) FROM new_companies n, "company_search_words_of"(n.name, n.billing_email, n.vat_id) AS w(word);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "companies_search_words_insert" AFTER INSERT ON "companies"
	REFERENCING NEW TABLE AS new_companies FOR EACH STATEMENT EXECUTE FUNCTION "add_company_search_words"();--> statement-breakpoint
-- New details (a name, a billing address, a VAT ID) replace the company's words.
CREATE FUNCTION "replace_company_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "company_search_words" WHERE "company_id" = NEW.id;
	INSERT INTO "company_search_words" ("company_id", "word", "sort_name")
		SELECT NEW.id, w.word, lower(NEW.name) FROM "company_search_words_of"(NEW.name, NEW.billing_email, NEW.vat_id) AS w(word);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "companies_search_words_update" AFTER UPDATE OF "name", "billing_email", "vat_id" ON "companies"
	FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.billing_email IS DISTINCT FROM NEW.billing_email
		OR OLD.vat_id IS DISTINCT FROM NEW.vat_id)
	EXECUTE FUNCTION "replace_company_search_words"();--> statement-breakpoint
ANALYZE "company_search_words";
