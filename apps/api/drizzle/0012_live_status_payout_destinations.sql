CREATE INDEX IF NOT EXISTS "unmatched_payments_purchase_idx" ON "unmatched_payments" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_claims_transaction_idx" ON "payment_claims" USING btree ("transaction_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "payout_destinations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"account_name" text,
	"bsb" text,
	"account_number" text,
	"wallet_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_destinations_kind_check" CHECK (("kind" = 'bank' AND "account_name" IS NOT NULL AND "bsb" IS NOT NULL AND "account_number" IS NOT NULL AND "wallet_address" IS NULL) OR ("kind" = 'wallet' AND "wallet_address" IS NOT NULL AND "account_name" IS NULL AND "bsb" IS NULL AND "account_number" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "payout_destinations" ADD CONSTRAINT "payout_destinations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
