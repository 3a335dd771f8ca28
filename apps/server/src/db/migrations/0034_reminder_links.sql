ALTER TABLE "appointment_reminders" ADD COLUMN "link_token_hash" text;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_reminders_link_token_uq" ON "appointment_reminders" USING btree ("link_token_hash");