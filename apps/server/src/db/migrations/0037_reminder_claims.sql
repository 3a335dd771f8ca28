ALTER TABLE "appointment_reminders" ADD COLUMN "claim_id" uuid;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD COLUMN "provider_call_at" timestamp with time zone;