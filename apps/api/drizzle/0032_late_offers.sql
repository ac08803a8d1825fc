CREATE TABLE "late_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"state" text DEFAULT 'offered' NOT NULL,
	"stage_id" uuid NOT NULL,
	"stage_name" text NOT NULL,
	"token_price_aud" numeric(38, 18) NOT NULL,
	"previous_token_price_aud" numeric(38, 18) NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"investment_amount" numeric(20, 2) NOT NULL,
	"token_amount" numeric(60, 18) NOT NULL,
	"offered_by" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "late_receipt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "late_offers" ADD CONSTRAINT "late_offers_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_offers" ADD CONSTRAINT "late_offers_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_offers" ADD CONSTRAINT "late_offers_offered_by_users_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "late_offers_token_key" ON "late_offers" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "late_offers_purchase_idx" ON "late_offers" USING btree ("purchase_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "late_offers_open_key" ON "late_offers" USING btree ("purchase_id") WHERE "late_offers"."state" = 'offered';