ALTER TABLE "transactions" ADD COLUMN "aud_value" numeric(60, 18);--> statement-breakpoint
-- A transaction's AUD value (API.md, sort[price]): its presale request's investment_amount, else
-- its price when that is in AUD; null with neither. Stored so that a page sorted by price reads an
-- index instead of computing and sorting the value of every row its filter keeps. This trigger is
-- its one definition: every insert and every change of what it depends on computes it again,
-- whoever writes the row (a direct write to the column too).
CREATE FUNCTION "set_transaction_aud_value"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."aud_value" := coalesce(
    (SELECT "investment_amount" FROM "purchases" WHERE "id" = NEW."purchase_id"),
    CASE WHEN NEW."currency" = 'AUD' THEN NEW."price" END
  );
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "transactions_aud_value" BEFORE INSERT OR UPDATE OF "purchase_id", "currency", "price", "aud_value" ON "transactions" FOR EACH ROW EXECUTE FUNCTION "set_transaction_aud_value"();--> statement-breakpoint
-- A request's amount changes (a crypto order credited with less than its quote): its
-- transactions' value follows, computed again by the trigger above.
CREATE FUNCTION "follow_purchase_aud_value"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "transactions" SET "aud_value" = NEW."investment_amount" WHERE "purchase_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "purchases_aud_value" AFTER UPDATE OF "investment_amount" ON "purchases" FOR EACH ROW WHEN (OLD."investment_amount" IS DISTINCT FROM NEW."investment_amount") EXECUTE FUNCTION "follow_purchase_aud_value"();--> statement-breakpoint
-- Every existing row, computed by the trigger.
UPDATE "transactions" SET "aud_value" = NULL;--> statement-breakpoint
-- A page sorted by price, ties newest first, in either direction, with or without the status
-- filter: an index in exactly that order, so the page stops at its limit.
CREATE INDEX "transactions_aud_value_asc_idx" ON "transactions" USING btree ("aud_value" ASC NULLS LAST,"created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "transactions_aud_value_desc_idx" ON "transactions" USING btree ("aud_value" DESC NULLS LAST,"created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "transactions_status_aud_value_asc_idx" ON "transactions" USING btree ("payment_status","aud_value" ASC NULLS LAST,"created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "transactions_status_aud_value_desc_idx" ON "transactions" USING btree ("payment_status","aud_value" DESC NULLS LAST,"created_at" DESC,"id" DESC);
