CREATE TABLE "consumption_meters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"functionality" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consumption_meters_functionality" CHECK ("consumption_meters"."functionality" in ('SMS_APPOINTMENT_REMINDER'))
);
--> statement-breakpoint
CREATE TABLE "sms_credit_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"qty" integer NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_credit_movements_qty" CHECK ("sms_credit_movements"."qty" <> 0),
	CONSTRAINT "sms_credit_movements_reason" CHECK ("sms_credit_movements"."reason" in ('purchase', 'reminder', 'adjustment'))
);
--> statement-breakpoint
ALTER TABLE "consumption_meters" ADD CONSTRAINT "consumption_meters_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_credit_movements" ADD CONSTRAINT "sms_credit_movements_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consumption_meters_studio_functionality_uq" ON "consumption_meters" USING btree ("studio_id","functionality");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_credit_movements_key_uq" ON "sms_credit_movements" USING btree ("studio_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "sms_credit_movements_studio_idx" ON "sms_credit_movements" USING btree ("studio_id","created_at");