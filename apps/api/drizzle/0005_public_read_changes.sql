DROP INDEX "purchases_user_created_idx";--> statement-breakpoint
DROP INDEX "transactions_user_created_idx";--> statement-breakpoint
CREATE INDEX "purchases_user_created_idx" ON "purchases" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_user_created_idx" ON "transactions" USING btree ("user_id","created_at","id");--> statement-breakpoint
-- Every copy of the API caches the public reads built from these tables (presale figures, rates,
-- bank accounts) and LISTENs on tmc_public_reads: a write names its table once it commits.
CREATE FUNCTION "notify_public_reads"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tmc_public_reads', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "settings_public_reads" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_reads"();--> statement-breakpoint
CREATE TRIGGER "currency_rates_public_reads" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "currency_rates" FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_reads"();--> statement-breakpoint
CREATE TRIGGER "banks_public_reads" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banks" FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_reads"();
