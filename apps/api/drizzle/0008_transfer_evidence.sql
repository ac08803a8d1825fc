-- A credited payment is one transfer, keyed like an unmatched one: its transaction and, for
-- USDC, its Transfer log. One transaction may pay several orders.
ALTER TABLE "transactions" ADD COLUMN "log_index" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "credit_override" text;--> statement-breakpoint
DROP INDEX "transactions_txn_hash_key";--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_transfer_key" ON "transactions" USING btree ("txn_hash",coalesce("log_index", -1)) WHERE "transactions"."txn_hash" is not null;--> statement-breakpoint
-- What a credited transfer paid beyond its order is listed again (part 1, 2, …) for refund.
ALTER TABLE "unmatched_payments" ADD COLUMN "part" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
DROP INDEX "unmatched_payments_transfer_key";--> statement-breakpoint
CREATE UNIQUE INDEX "unmatched_payments_transfer_key" ON "unmatched_payments" USING btree ("txn_hash",coalesce("log_index", -1),"part");--> statement-breakpoint
-- A buyer's earlier claim named the order on the row; it becomes an entry of the claims ledger.
CREATE TABLE "payment_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"txn_hash" text NOT NULL,
	"log_index" integer,
	"transaction_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sender_address" text NOT NULL,
	"sender_proven" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_claims_transfer_order_key" ON "payment_claims" USING btree ("txn_hash",coalesce("log_index", -1),"transaction_id");--> statement-breakpoint
INSERT INTO "payment_claims" ("txn_hash", "log_index", "transaction_id", "user_id", "sender_address", "sender_proven", "created_at")
SELECT u."txn_hash", u."log_index", t."id", t."user_id", u."from_address", false, u."created_at"
FROM "unmatched_payments" u
JOIN "transactions" t ON t."purchase_id" = u."purchase_id" AND t."payment_mode" = 1
WHERE u."status" = 'open' AND u."purchase_id" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "unmatched_payments" SET "purchase_id" = NULL, "reason" = 'unknown' WHERE "status" = 'open' AND "reason" IN ('short', 'excess');--> statement-breakpoint
-- A wallet an account proved it controls (Sign-In with Ethereum): one account at a time.
CREATE TABLE "wallet_proofs" (
	"address" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"proven_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "wallet_proofs" ADD CONSTRAINT "wallet_proofs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_proofs_user_idx" ON "wallet_proofs" USING btree ("user_id","proven_at");--> statement-breakpoint
CREATE TABLE "wallet_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "wallet_nonces" ADD CONSTRAINT "wallet_nonces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_nonces_user_created_idx" ON "wallet_nonces" USING btree ("user_id","created_at");
