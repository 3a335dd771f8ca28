ALTER TABLE "appointment_reminders" ADD COLUMN "confirmed_start" timestamp with time zone;--> statement-breakpoint
-- a confirmation given before this column held for the start the reminder named
UPDATE "appointment_reminders" SET "confirmed_start" = "start_at" WHERE "confirmed_at" IS NOT NULL;
