CREATE TABLE "appointment_import_rows" (
	"import_id" uuid NOT NULL,
	"studio_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"input" jsonb,
	"name" text NOT NULL,
	"reason" text,
	"event_id" uuid,
	"written_at" timestamp with time zone,
	CONSTRAINT "appointment_import_rows_import_id_row_number_pk" PRIMARY KEY("import_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "appointment_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"created_by_email" text NOT NULL,
	"member_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"format" text NOT NULL,
	"columns" jsonb NOT NULL,
	"counts" jsonb,
	"mapping" jsonb NOT NULL,
	"fixes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"choices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"calendar_id" uuid,
	"past_paid" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'PREVIEW' NOT NULL,
	"to_write" integer DEFAULT 0 NOT NULL,
	"written" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_import_rows" ADD CONSTRAINT "appointment_import_rows_import_id_appointment_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "appointment_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_import_rows" ADD CONSTRAINT "appointment_import_rows_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_imports" ADD CONSTRAINT "appointment_imports_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_import_rows_pending_idx" ON "appointment_import_rows" USING btree ("studio_id","import_id","status","row_number");--> statement-breakpoint
CREATE INDEX "appointment_imports_studio_idx" ON "appointment_imports" USING btree ("studio_id","created_at");