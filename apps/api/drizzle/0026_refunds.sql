CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid,
	"unmatched_payment_id" uuid,
	"requested_by" text NOT NULL,
	"requested_by_id" uuid,
	"reason" text NOT NULL,
	"coin" text NOT NULL,
	"amount" numeric(60, 18) NOT NULL,
	"destination" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"decline_reason" text,
	"evidence" text,
	"evidence_log_index" integer,
	"evidence_block" bigint,
	"tokens_reduced" numeric(60, 18),
	"aud_reduced" numeric(20, 2),
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"paid_by" uuid,
	"paid_at" timestamp with time zone,
	"declined_by" uuid,
	"declined_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_unmatched_payment_id_unmatched_payments_id_fk" FOREIGN KEY ("unmatched_payment_id") REFERENCES "public"."unmatched_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_declined_by_users_id_fk" FOREIGN KEY ("declined_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_state_created_idx" ON "refunds" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE INDEX "refunds_purchase_idx" ON "refunds" USING btree ("purchase_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_unmatched_idx" ON "refunds" USING btree ("unmatched_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_open_purchase_key" ON "refunds" USING btree ("purchase_id") WHERE "refunds"."state" in ('requested', 'approved') and "refunds"."purchase_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_live_unmatched_key" ON "refunds" USING btree ("unmatched_payment_id") WHERE "refunds"."state" <> 'declined' and "refunds"."unmatched_payment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_evidence_key" ON "refunds" USING btree ("evidence",coalesce("evidence_log_index", -1)) WHERE "refunds"."coin" <> 'AUD' and "refunds"."evidence" is not null;--> statement-breakpoint
CREATE INDEX "refunds_approved_crypto_idx" ON "refunds" USING btree ("coin","destination") WHERE "refunds"."state" = 'approved' and "refunds"."coin" <> 'AUD';