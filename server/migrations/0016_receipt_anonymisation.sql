-- Receipts stay immutable, with one exception: when a customer deletes their account, the name and
-- e-mail on their receipts are replaced by the placeholders of a deleted account. Every other field
-- (number, amounts, dates, seller) must stay exactly as issued, and receipts are never deleted.
CREATE OR REPLACE FUNCTION "receipts_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE'
		AND (to_jsonb(NEW) - 'customer_name' - 'customer_email') = (to_jsonb(OLD) - 'customer_name' - 'customer_email')
		AND NEW.customer_name = 'Deleted customer'
		AND NEW.customer_email LIKE 'deleted-%@deleted.invalid'
	THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'receipts are immutable once issued';
END;
$$;
