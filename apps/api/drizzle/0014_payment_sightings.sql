-- Transfers the payment watcher saw for an order before they have enough confirmations: shown
-- to the buyer as progress, never credited; gone once settled or no longer on the chain.
CREATE TABLE IF NOT EXISTS "payment_sightings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"txn_hash" text NOT NULL,
	"log_index" integer,
	"coin" text NOT NULL,
	"amount_base_units" numeric(78, 0) NOT NULL,
	"from_address" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"purchase_id" uuid NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_sightings" ADD CONSTRAINT "payment_sightings_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "payment_sightings_transfer_key" ON "payment_sightings" USING btree ("txn_hash",coalesce("log_index", -1));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_sightings_purchase_idx" ON "payment_sightings" USING btree ("purchase_id","block_number");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_sightings_block_idx" ON "payment_sightings" USING btree ("block_number");--> statement-breakpoint
-- The chain head the watcher read last: how many confirmations a sighting has.
ALTER TABLE "chain_watchers" ADD COLUMN IF NOT EXISTS "head_block" bigint;
