-- Plan a buyer's list for what a presale's accounts hold, a few orders each (distinct accounts
-- taken as 30% of the rows), whatever mix the table holds now. From the real mix, a few accounts
-- with thousands of rows made the one reusable plan of a user's page look dear, and PostgreSQL
-- planned every page of every buyer again: more than half of its CPU for the page. The plan is an
-- index scan of the account's rows either way.
ALTER TABLE "purchases" ALTER COLUMN "user_id" SET (n_distinct = -0.3);--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "user_id" SET (n_distinct = -0.3);
