CREATE TABLE "google_calendar_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"account_email" text NOT NULL,
	"refresh_token_sealed" text NOT NULL,
	"linked_by_user_id" uuid,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_sync_error" text,
	"sync_started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_calendars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"google_calendar_id" text NOT NULL,
	"summary" text NOT NULL,
	"description" text,
	"background_color" text,
	"access_role" text NOT NULL,
	"primary" boolean DEFAULT false NOT NULL,
	"sync_token" text,
	"full_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_event_deletions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"google_calendar_id" text NOT NULL,
	"google_event_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"calendar_row_id" uuid NOT NULL,
	"google_calendar_id" text NOT NULL,
	"google_event_id" text NOT NULL,
	"recurring_event_id" text,
	"origin_event_id" uuid,
	"summary" text NOT NULL,
	"description" text,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"color_id" text,
	"organizer_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "google_pushed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "google_calendar_links" ADD CONSTRAINT "google_calendar_links_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_calendar_links" ADD CONSTRAINT "google_calendar_links_linked_by_user_id_users_id_fk" FOREIGN KEY ("linked_by_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_calendars" ADD CONSTRAINT "google_calendars_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_events" ADD CONSTRAINT "google_events_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_events" ADD CONSTRAINT "google_events_calendar_row_id_google_calendars_id_fk" FOREIGN KEY ("calendar_row_id") REFERENCES "google_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "google_calendar_links_studio_uq" ON "google_calendar_links" USING btree ("studio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "google_calendars_studio_calendar_uq" ON "google_calendars" USING btree ("studio_id","google_calendar_id");--> statement-breakpoint
CREATE INDEX "google_event_deletions_studio_idx" ON "google_event_deletions" USING btree ("studio_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "google_events_calendar_event_uq" ON "google_events" USING btree ("calendar_row_id","google_event_id");--> statement-breakpoint
CREATE INDEX "google_events_studio_start_idx" ON "google_events" USING btree ("studio_id","start_at");--> statement-breakpoint
CREATE INDEX "google_events_recurring_idx" ON "google_events" USING btree ("calendar_row_id","recurring_event_id");--> statement-breakpoint
-- Written by hand (decision 014): a deleted appointment that was pushed to Google is queued for deletion there, in
-- the deleting transaction, whatever deleted it (a series' exceptions, a patient's or a calendar's events go by
-- foreign-key cascade). A bulk delete keeps the Google copies (spec part 1 §2: the external calendar is untouched)
-- by setting studiolo.keep_google_copies for its own transaction.
CREATE FUNCTION "events_google_deletion"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.google_event_id IS NOT NULL AND OLD.google_calendar_id IS NOT NULL
     AND coalesce(current_setting('studiolo.keep_google_copies', true), '') <> 'on' THEN
    INSERT INTO google_event_deletions (studio_id, google_calendar_id, google_event_id)
    VALUES (OLD.studio_id, OLD.google_calendar_id, OLD.google_event_id);
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_google_deletion" AFTER DELETE ON "events" FOR EACH ROW EXECUTE FUNCTION "events_google_deletion"();
