CREATE TABLE "payment_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"txn_hash" text NOT NULL,
	"log_index" integer,
	"coin" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"amount_base_units" numeric(78, 0) NOT NULL,
	"block_number" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "received_base_units" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "payment_parts" ADD CONSTRAINT "payment_parts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_parts_transfer_key" ON "payment_parts" USING btree ("txn_hash",coalesce("log_index", -1));--> statement-breakpoint
CREATE INDEX "payment_parts_transaction_idx" ON "payment_parts" USING btree ("transaction_id","block_number");