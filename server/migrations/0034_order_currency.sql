-- Orders placed before the shop had a currency of its own were all priced in US dollars.
ALTER TABLE "orders" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;
