CREATE TABLE "stages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"price_aud" numeric(38, 18) NOT NULL,
	"token_cap" numeric(60, 18) NOT NULL,
	"sold" numeric(60, 18) DEFAULT '0' NOT NULL,
	"reserved" numeric(60, 18) DEFAULT '0' NOT NULL,
	"unsold" numeric(60, 18) DEFAULT '0' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"close_reason" text,
	"remark" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stages_price_positive" CHECK ("stages"."price_aud" > 0),
	CONSTRAINT "stages_cap_positive" CHECK ("stages"."token_cap" > 0)
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "stage_id" uuid;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "stage_name" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "stage_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "stage_name" text;--> statement-breakpoint
CREATE UNIQUE INDEX "stages_one_active_key" ON "stages" USING btree ("state") WHERE "stages"."state" = 'active';--> statement-breakpoint
CREATE INDEX "stages_scheduled_start_idx" ON "stages" USING btree ("starts_at") WHERE "stages"."state" = 'scheduled';--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_stage_status_idx" ON "purchases" USING btree ("stage_id","status");