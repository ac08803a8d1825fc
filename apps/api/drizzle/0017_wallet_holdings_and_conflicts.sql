ALTER TABLE "wallet_proofs" DROP CONSTRAINT "wallet_proofs_pkey";--> statement-breakpoint
ALTER TABLE "wallet_proofs" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_proofs" ADD COLUMN "counts_from" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "wallet_proofs" SET "counts_from" = "proven_at";--> statement-breakpoint
ALTER TABLE "wallet_proofs" ADD COLUMN "until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_watchers" ADD COLUMN "read_through_time" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_proofs_current_key" ON "wallet_proofs" USING btree ("address") WHERE "wallet_proofs"."until" is null;--> statement-breakpoint
CREATE INDEX "wallet_proofs_address_idx" ON "wallet_proofs" USING btree ("address","counts_from");--> statement-breakpoint
CREATE INDEX "transactions_closed_quote_expiry_idx" ON "transactions" USING btree ("quote_expires_at") WHERE "transactions"."payment_status" = 2 and "transactions"."payment_mode" = 1;
