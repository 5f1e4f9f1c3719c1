-- All Orders' search by a word: the words of each order's name and its whole e-mail, under a
-- B-tree (docs/decisions/034), kept by the triggers below. Filled before its keys are built, so a
-- shop with many orders builds each index once instead of growing it row by row.
CREATE TABLE "order_search_words" (
	"order_id" uuid NOT NULL,
	"word" text NOT NULL
);
--> statement-breakpoint
-- What an order is found by: each word of its name as the 'simple' configuration splits it (as
-- the GIN index this replaces did), and its whole e-mail, lower case; each once.
CREATE FUNCTION "order_search_words_of"(name text, email text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE AS $$
	SELECT lexeme FROM unnest(to_tsvector('simple'::regconfig, name))
	UNION
	SELECT lower(email)
$$;--> statement-breakpoint
INSERT INTO "order_search_words" ("order_id", "word")
	SELECT o.id, w.word FROM "orders" o, "order_search_words_of"(o.name, o.email) AS w(word);--> statement-breakpoint
ALTER TABLE "order_search_words" ADD CONSTRAINT "order_search_words_order_id_word_pk" PRIMARY KEY("order_id","word");--> statement-breakpoint
ALTER TABLE "order_search_words" ADD CONSTRAINT "order_search_words_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_search_words_word_idx" ON "order_search_words" USING btree ("word" text_pattern_ops,"order_id");--> statement-breakpoint
DROP INDEX "orders_name_words_idx";--> statement-breakpoint
-- New orders' words, once per statement (a seed of a million orders is one insert).
CREATE FUNCTION "add_order_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "order_search_words" ("order_id", "word")
		SELECT n.id, w.word FROM new_orders n, "order_search_words_of"(n.name, n.email) AS w(word);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_search_words_insert" AFTER INSERT ON "orders"
	REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION "add_order_search_words"();--> statement-breakpoint
-- A changed name or e-mail (an erased account's orders) replaces the order's words.
CREATE FUNCTION "replace_order_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "order_search_words" WHERE "order_id" = NEW.id;
	INSERT INTO "order_search_words" ("order_id", "word")
		SELECT NEW.id, w.word FROM "order_search_words_of"(NEW.name, NEW.email) AS w(word);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_search_words_update" AFTER UPDATE OF "name", "email" ON "orders"
	FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email)
	EXECUTE FUNCTION "replace_order_search_words"();--> statement-breakpoint
ANALYZE "order_search_words";
