CREATE TABLE "body_charts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"paziente_id" uuid NOT NULL,
	"image_id" smallint NOT NULL,
	"title" text,
	"note" text,
	"strokes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"valutazione_id" uuid,
	"diario_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"paziente_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"kind" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"original_size_bytes" bigint,
	"width" integer,
	"height" integer,
	"storage_key" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_deletions" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"studio_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "body_charts" ADD CONSTRAINT "body_charts_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "body_charts" ADD CONSTRAINT "body_charts_paziente_id_patients_id_fk" FOREIGN KEY ("paziente_id") REFERENCES "patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_attachments" ADD CONSTRAINT "patient_attachments_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_attachments" ADD CONSTRAINT "patient_attachments_paziente_id_patients_id_fk" FOREIGN KEY ("paziente_id") REFERENCES "patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "body_charts_patient_idx" ON "body_charts" USING btree ("studio_id","paziente_id","updated_at");--> statement-breakpoint
CREATE INDEX "patient_attachments_patient_idx" ON "patient_attachments" USING btree ("studio_id","paziente_id","created_at");--> statement-breakpoint
CREATE INDEX "patient_attachments_studio_idx" ON "patient_attachments" USING btree ("studio_id","paziente_id","id");--> statement-breakpoint
-- Written by hand (decision 030): a file's bytes leave storage however its row went (its own DELETE, a deleted
-- patient or studio cascading): the statement's deleted rows name their objects for the sweep. A statement trigger
-- with a transition table: a patient with 200 files adds 200 keys in one insert.
CREATE FUNCTION "patient_attachments_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO storage_deletions (storage_key, studio_id) SELECT g.storage_key, g.studio_id FROM gone g
  ON CONFLICT (storage_key) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "patient_attachments_gone" AFTER DELETE ON "patient_attachments"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "patient_attachments_gone"();
