CREATE TABLE "payout_lines" (
	"payout_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"account_name" text,
	"bsb" text,
	"account_number" text,
	"wallet_address" text,
	"destination_updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payout_lines_payout_id_affiliate_id_pk" PRIMARY KEY("payout_id","affiliate_id"),
	CONSTRAINT "payout_lines_kind_check" CHECK (("payout_lines"."kind" = 'bank' AND "payout_lines"."account_name" IS NOT NULL AND "payout_lines"."bsb" IS NOT NULL AND "payout_lines"."account_number" IS NOT NULL AND "payout_lines"."wallet_address" IS NULL) OR ("payout_lines"."kind" = 'wallet' AND "payout_lines"."wallet_address" IS NOT NULL AND "payout_lines"."account_name" IS NULL AND "payout_lines"."bsb" IS NULL AND "payout_lines"."account_number" IS NULL))
);
--> statement-breakpoint
DROP INDEX "purchases_user_open_bank_idx";--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_user_open_bank_idx" ON "purchases" USING btree ("user_id") WHERE "purchases"."status" = 0 and "purchases"."payment_mode" = 0;