CREATE TABLE "unmatched_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"txn_hash" text NOT NULL,
	"log_index" integer,
	"coin" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"amount_base_units" numeric(78, 0) NOT NULL,
	"block_number" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"purchase_id" uuid,
	"remark" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_watchers" (
	"name" text PRIMARY KEY NOT NULL,
	"next_block" bigint NOT NULL,
	"holder" text,
	"lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unmatched_payments" ADD CONSTRAINT "unmatched_payments_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_payments" ADD CONSTRAINT "unmatched_payments_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unmatched_payments_transfer_key" ON "unmatched_payments" USING btree ("txn_hash",coalesce("log_index", -1));--> statement-breakpoint
CREATE INDEX "unmatched_payments_status_created_idx" ON "unmatched_payments" USING btree ("status","created_at");--> statement-breakpoint
-- Open crypto orders placed before exact amounts may share an amount. Each of them moves up by
-- its rank in base units, so a payment of the old shared amount credits none of them by itself.
UPDATE "transactions" AS t SET
	"quote_base_units" = t."quote_base_units" + d."rank",
	"price" = (t."quote_base_units" + d."rank") * (CASE t."token_symbol" WHEN 'USDC' THEN 0.000001 ELSE 0.000000000000000001 END)
FROM (
	SELECT "id",
		row_number() OVER (PARTITION BY "token_symbol", "quote_base_units" ORDER BY "created_at", "id") AS "rank",
		count(*) OVER (PARTITION BY "token_symbol", "quote_base_units") AS "shared"
	FROM "transactions"
	WHERE "payment_status" = 0 AND "payment_mode" = 1 AND "quote_base_units" IS NOT NULL
) AS d
WHERE t."id" = d."id" AND d."shared" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_open_quote_key" ON "transactions" USING btree ("token_symbol","quote_base_units") WHERE "transactions"."payment_status" = 0 and "transactions"."payment_mode" = 1;--> statement-breakpoint
CREATE INDEX "transactions_user_open_quote_idx" ON "transactions" USING btree ("user_id","quote_expires_at") WHERE "transactions"."payment_status" = 0 and "transactions"."payment_mode" = 1;