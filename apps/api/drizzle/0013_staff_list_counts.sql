CREATE TABLE "list_counts" (
	"list" text NOT NULL,
	"dims" text[] NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "list_counts_list_idx" ON "list_counts" USING btree ("list");--> statement-breakpoint
-- The staff lists read their totals here: rows per table and per the values their filters take
-- (dims), so a total costs the same in a table of a thousand rows or a million. Writers only ever
-- append a statement's net change (no row is updated, so no writer waits on another and two
-- orders of writes cannot deadlock); a reader that finds many deltas folds them into one row per
-- dims (compact_list_counts).
CREATE FUNCTION "list_dims"("list" text, "r" jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE "list"
    WHEN 'purchases' THEN ARRAY["r"->>'status', "r"->>'payment_mode', ("r"->>'receipt_key' IS NOT NULL)::text]
    WHEN 'transactions' THEN ARRAY["r"->>'payment_status', "r"->>'payment_mode']
    WHEN 'users' THEN ARRAY["r"->>'role', "r"->>'is_influencer', "r"->>'is_affiliated']
    WHEN 'audit_log' THEN ARRAY["r"->>'entity', "r"->>'action']
    WHEN 'unmatched_payments' THEN ARRAY["r"->>'status']
  END
$$;--> statement-breakpoint
CREATE FUNCTION "count_staff_list"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "list_counts" ("list", "dims", "n")
      SELECT TG_TABLE_NAME, d, count(*) FROM (SELECT "list_dims"(TG_TABLE_NAME, to_jsonb(a)) d FROM added a) x GROUP BY d;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "list_counts" ("list", "dims", "n")
      SELECT TG_TABLE_NAME, d, -count(*) FROM (SELECT "list_dims"(TG_TABLE_NAME, to_jsonb(r)) d FROM removed r) x GROUP BY d;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "list_counts" ("list", "dims", "n")
      SELECT TG_TABLE_NAME, d, sum(n) FROM (
        SELECT "list_dims"(TG_TABLE_NAME, to_jsonb(a)) d, 1 n FROM added a
        UNION ALL
        SELECT "list_dims"(TG_TABLE_NAME, to_jsonb(r)) d, -1 n FROM removed r
      ) x GROUP BY d HAVING sum(n) <> 0;
  ELSE
    DELETE FROM "list_counts" WHERE "list" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "compact_list_counts"("p_list" text) RETURNS void LANGUAGE sql AS $$
  WITH gone AS (DELETE FROM "list_counts" WHERE "list" = "p_list" RETURNING "dims", "n")
  INSERT INTO "list_counts" ("list", "dims", "n")
    SELECT "p_list", "dims", sum("n") FROM gone GROUP BY "dims" HAVING sum("n") <> 0
$$;--> statement-breakpoint
CREATE TRIGGER "purchases_count_insert" AFTER INSERT ON "purchases" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "count_staff_list"();--> statement-breakpoint
CREATE TRIGGER "purchases_count_delete" AFTER DELETE ON "purchases" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "count_staff_list"();--> statement-breakpoint
CREATE TRIGGER "purchases_count_update" AFTER UPDATE ON "purchases" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "count_staff_list"();--> statement-breakpoint
CREATE TRIGGER "purchases_count_truncate" AFTER TRUNCATE ON "purchases" FOR EACH STATEMENT EXECUTE FUNCTION "count_staff_list"();--> statement-breakpoint
CREATE TRIGGER "transactions_count_insert" AFTER INSERT ON "transactions" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "count_staff_list"();--> statement-breakpoint
CREATE TRIGGER "transactions_count_delete" AFTER DELETE ON "transactions" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "count_staff_list"();--> statement-breakpoint
CREATE TRIGGER "transactions_count_update" AFTER UPDATE ON "transactions" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "count_staff_list"();--> statement-breakpoint
CREATE TRIGGER "transactions_count_truncate" AFTER TRUNCATE ON "transactions" FOR EACH STATEMENT EXECUTE FUNCTION "count_staff_list"();--> statement-breakpoint
CREATE TRIGGER "users_count_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "count_staff_list"();--> statement-breakpoint
CREATE TRIGGER "users_count_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "count_staff_list"();--> statement-breakpoint
CREATE TRIGGER "users_count_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "count_staff_list"();--> statement-breakpoint
CREATE TRIGGER "users_count_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "count_staff_list"();--> statement-breakpoint
CREATE TRIGGER "audit_log_count_insert" AFTER INSERT ON "audit_log" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "count_staff_list"();--> statement-breakpoint
CREATE TRIGGER "audit_log_count_delete" AFTER DELETE ON "audit_log" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "count_staff_list"();--> statement-breakpoint
CREATE TRIGGER "audit_log_count_update" AFTER UPDATE ON "audit_log" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "count_staff_list"();--> statement-breakpoint
CREATE TRIGGER "audit_log_count_truncate" AFTER TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "count_staff_list"();--> statement-breakpoint
CREATE TRIGGER "unmatched_payments_count_insert" AFTER INSERT ON "unmatched_payments" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "count_staff_list"();--> statement-breakpoint
CREATE TRIGGER "unmatched_payments_count_delete" AFTER DELETE ON "unmatched_payments" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "count_staff_list"();--> statement-breakpoint
CREATE TRIGGER "unmatched_payments_count_update" AFTER UPDATE ON "unmatched_payments" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "count_staff_list"();--> statement-breakpoint
CREATE TRIGGER "unmatched_payments_count_truncate" AFTER TRUNCATE ON "unmatched_payments" FOR EACH STATEMENT EXECUTE FUNCTION "count_staff_list"();--> statement-breakpoint
INSERT INTO "list_counts" ("list", "dims", "n")
  SELECT 'purchases', "list_dims"('purchases', to_jsonb(t)), count(*) FROM "purchases" t GROUP BY 2
  UNION ALL
  SELECT 'transactions', "list_dims"('transactions', to_jsonb(t)), count(*) FROM "transactions" t GROUP BY 2
  UNION ALL
  SELECT 'users', "list_dims"('users', to_jsonb(t)), count(*) FROM "users" t GROUP BY 2
  UNION ALL
  SELECT 'audit_log', "list_dims"('audit_log', to_jsonb(t)), count(*) FROM "audit_log" t GROUP BY 2
  UNION ALL
  SELECT 'unmatched_payments', "list_dims"('unmatched_payments', to_jsonb(t)), count(*) FROM "unmatched_payments" t GROUP BY 2;--> statement-breakpoint
-- Each staff list's page in its order, on an index: newest first, and per the filter it is most
-- often read with.
CREATE INDEX "purchases_created_idx" ON "purchases" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "purchases_amount_idx" ON "purchases" USING btree ("investment_amount");--> statement-breakpoint
-- The review queue: bank requests awaiting review (Pending, with a receipt), newest first.
CREATE INDEX "purchases_review_queue_idx" ON "purchases" USING btree ("created_at","id") WHERE "status" = 0 AND "payment_mode" = 0 AND "receipt_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_status_created_idx" ON "transactions" USING btree ("payment_status","created_at","id");--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_created_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_created_idx" ON "audit_log" USING btree ("entity","created_at");
