CREATE TABLE "appointment_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"event_id" uuid,
	"occurrence_key" text NOT NULL,
	"send_key" text NOT NULL,
	"paziente_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"channel" text,
	"segments" integer,
	"provider_message_id" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_reminders_state" CHECK ("appointment_reminders"."state" in ('SCHEDULED', 'SENDING', 'SENT', 'DELIVERED', 'NOT_SENT', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"studio_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"lead_time" text DEFAULT 'HOURS_24' NOT NULL,
	"day_before_time" text DEFAULT '18:00' NOT NULL,
	"channel" text DEFAULT 'SMS_EMAIL' NOT NULL,
	"text" text NOT NULL,
	"low_balance_threshold" integer DEFAULT 20 NOT NULL,
	"low_balance_notified_at" timestamp with time zone,
	"planned_version" bigint,
	"planned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_settings_lead_time" CHECK ("reminder_settings"."lead_time" in ('HOURS_24', 'HOURS_48', 'DAY_BEFORE')),
	CONSTRAINT "reminder_settings_channel" CHECK ("reminder_settings"."channel" in ('SMS_EMAIL', 'EMAIL')),
	CONSTRAINT "reminder_settings_threshold" CHECK ("reminder_settings"."low_balance_threshold" >= 0)
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "reminders_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_paziente_id_patients_id_fk" FOREIGN KEY ("paziente_id") REFERENCES "patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_reminders_send_key_uq" ON "appointment_reminders" USING btree ("studio_id","send_key");--> statement-breakpoint
CREATE INDEX "appointment_reminders_occurrence_idx" ON "appointment_reminders" USING btree ("studio_id","occurrence_key");--> statement-breakpoint
CREATE INDEX "appointment_reminders_due_idx" ON "appointment_reminders" USING btree ("state","send_at");