CREATE TABLE "booking_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"staff_member_id" uuid NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"start_minute" integer,
	"end_minute" integer,
	"note" text,
	CONSTRAINT "booking_exceptions_kind" CHECK ("booking_exceptions"."kind" in ('CLOSED', 'OPEN')),
	CONSTRAINT "booking_exceptions_window" CHECK (("booking_exceptions"."start_minute" is null and "booking_exceptions"."end_minute" is null and "booking_exceptions"."kind" = 'CLOSED') or ("booking_exceptions"."start_minute" >= 0 and "booking_exceptions"."end_minute" <= 1440 and "booking_exceptions"."start_minute" < "booking_exceptions"."end_minute"))
);
--> statement-breakpoint
CREATE TABLE "booking_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"staff_member_id" uuid NOT NULL,
	"weekday" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "booking_hours_weekday" CHECK ("booking_hours"."weekday" between 1 and 7),
	CONSTRAINT "booking_hours_window" CHECK ("booking_hours"."start_minute" >= 0 and "booking_hours"."end_minute" <= 1440 and "booking_hours"."start_minute" < "booking_hours"."end_minute")
);
--> statement-breakpoint
CREATE TABLE "booking_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_services" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"studio_id" uuid NOT NULL,
	"bookable" boolean DEFAULT false NOT NULL,
	"show_price" boolean DEFAULT true NOT NULL,
	"duration_minutes" integer NOT NULL,
	"staff_member_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"clinic_room_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"medical_device_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"studio_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"slug" text NOT NULL,
	"min_notice_minutes" integer DEFAULT 720 NOT NULL,
	"horizon_days" integer DEFAULT 60 NOT NULL,
	"slot_step_minutes" integer DEFAULT 15 NOT NULL,
	"buffer_minutes" integer DEFAULT 0 NOT NULL,
	"cancel_limit_hours" integer DEFAULT 24 NOT NULL,
	"confirmation_mode" text DEFAULT 'STUDIO' NOT NULL,
	"closed_on_holidays" boolean DEFAULT true NOT NULL,
	"page_text" text,
	"embed_origins" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_settings_slug_lower" CHECK ("booking_settings"."slug" = lower("booking_settings"."slug")),
	CONSTRAINT "booking_settings_confirmation_mode" CHECK ("booking_settings"."confirmation_mode" in ('AUTO', 'STUDIO'))
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"event_id" uuid,
	"status" text NOT NULL,
	"product_id" uuid,
	"staff_member_id" uuid,
	"paziente_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"new_patient" boolean DEFAULT false NOT NULL,
	"note" text,
	"cancel_token_hash" text NOT NULL,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status" CHECK ("bookings"."status" in ('CUSTOMER_BOOKED', 'STUDIO_PENDING_CONFIRMATION', 'STUDIO_CONFIRMED', 'STUDIO_CANCELLED', 'CUSTOMER_CANCELLED')),
	CONSTRAINT "bookings_window" CHECK ("bookings"."start_at" < "bookings"."end_at")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reservation_status" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "booking_exceptions" ADD CONSTRAINT "booking_exceptions_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_exceptions" ADD CONSTRAINT "booking_exceptions_staff_member_id_studio_members_id_fk" FOREIGN KEY ("staff_member_id") REFERENCES "studio_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_hours" ADD CONSTRAINT "booking_hours_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_hours" ADD CONSTRAINT "booking_hours_staff_member_id_studio_members_id_fk" FOREIGN KEY ("staff_member_id") REFERENCES "studio_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_services" ADD CONSTRAINT "booking_services_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_services" ADD CONSTRAINT "booking_services_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD CONSTRAINT "booking_settings_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_staff_member_id_studio_members_id_fk" FOREIGN KEY ("staff_member_id") REFERENCES "studio_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_paziente_id_patients_id_fk" FOREIGN KEY ("paziente_id") REFERENCES "patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_exceptions_staff_idx" ON "booking_exceptions" USING btree ("studio_id","staff_member_id","date");--> statement-breakpoint
CREATE INDEX "booking_hours_staff_idx" ON "booking_hours" USING btree ("studio_id","staff_member_id","weekday");--> statement-breakpoint
CREATE INDEX "booking_requests_expires_idx" ON "booking_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "booking_requests_studio_created_idx" ON "booking_requests" USING btree ("studio_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_services_studio_idx" ON "booking_services" USING btree ("studio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_settings_slug_uq" ON "booking_settings" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "bookings_studio_status_start_idx" ON "bookings" USING btree ("studio_id","status","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_cancel_token_uq" ON "bookings" USING btree ("cancel_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_event_uq" ON "bookings" USING btree ("event_id") WHERE "bookings"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "bookings_paziente_idx" ON "bookings" USING btree ("paziente_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_reservation_status" CHECK ("events"."reservation_status" is null or "events"."reservation_status" in ('CUSTOMER_BOOKED', 'STUDIO_PENDING_CONFIRMATION', 'STUDIO_CONFIRMED', 'STUDIO_CANCELLED', 'CUSTOMER_CANCELLED'));--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_source" CHECK ("patients"."source" is null or "patients"."source" = 'ONLINE_BOOKING');