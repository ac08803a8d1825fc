CREATE TABLE "user_list_sizes" (
	"user_id" uuid NOT NULL,
	"list" text NOT NULL,
	"size" integer NOT NULL,
	CONSTRAINT "user_list_sizes_user_id_list_pk" PRIMARY KEY("user_id","list")
);
--> statement-breakpoint
ALTER TABLE "user_list_sizes" ADD CONSTRAINT "user_list_sizes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The presale requests' and transactions' lists read their totals here, so a page costs the same
-- for an account with 20 rows or 20,000. The triggers keep each account's count whole statements
-- at a time (a bulk insert adds once per account, in the accounts' order).
CREATE FUNCTION "count_user_list"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "user_list_sizes" AS s ("user_id", "list", "size")
      SELECT "user_id", TG_TABLE_NAME, count(*) FROM added GROUP BY "user_id" ORDER BY "user_id"
    ON CONFLICT ("user_id", "list") DO UPDATE SET "size" = s."size" + excluded."size";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "user_list_sizes" s SET "size" = s."size" - r.n
      FROM (SELECT "user_id", count(*) AS n FROM removed GROUP BY "user_id") r
      WHERE s."user_id" = r."user_id" AND s."list" = TG_TABLE_NAME;
  ELSIF TG_OP = 'UPDATE' THEN
    -- A row given to another account (row by row: only when its owner changes).
    UPDATE "user_list_sizes" SET "size" = "size" - 1
      WHERE "user_id" = OLD."user_id" AND "list" = TG_TABLE_NAME;
    INSERT INTO "user_list_sizes" AS s ("user_id", "list", "size")
      VALUES (NEW."user_id", TG_TABLE_NAME, 1)
    ON CONFLICT ("user_id", "list") DO UPDATE SET "size" = s."size" + 1;
  ELSE
    DELETE FROM "user_list_sizes" WHERE "list" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "purchases_list_insert" AFTER INSERT ON "purchases" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "count_user_list"();--> statement-breakpoint
CREATE TRIGGER "purchases_list_delete" AFTER DELETE ON "purchases" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "count_user_list"();--> statement-breakpoint
CREATE TRIGGER "purchases_list_move" AFTER UPDATE OF "user_id" ON "purchases" FOR EACH ROW WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id") EXECUTE FUNCTION "count_user_list"();--> statement-breakpoint
CREATE TRIGGER "purchases_list_truncate" AFTER TRUNCATE ON "purchases" FOR EACH STATEMENT EXECUTE FUNCTION "count_user_list"();--> statement-breakpoint
CREATE TRIGGER "transactions_list_insert" AFTER INSERT ON "transactions" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "count_user_list"();--> statement-breakpoint
CREATE TRIGGER "transactions_list_delete" AFTER DELETE ON "transactions" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "count_user_list"();--> statement-breakpoint
CREATE TRIGGER "transactions_list_move" AFTER UPDATE OF "user_id" ON "transactions" FOR EACH ROW WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id") EXECUTE FUNCTION "count_user_list"();--> statement-breakpoint
CREATE TRIGGER "transactions_list_truncate" AFTER TRUNCATE ON "transactions" FOR EACH STATEMENT EXECUTE FUNCTION "count_user_list"();--> statement-breakpoint
INSERT INTO "user_list_sizes" ("user_id", "list", "size")
  SELECT "user_id", 'purchases', count(*) FROM "purchases" GROUP BY "user_id"
  UNION ALL
  SELECT "user_id", 'transactions', count(*) FROM "transactions" GROUP BY "user_id";
