CREATE TABLE "clinical_diary_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"paziente_id" uuid NOT NULL,
	"data" date NOT NULL,
	"event_id" text,
	"appuntamento_inizio" timestamp with time zone,
	"soggettivo" text,
	"oggettivo" text,
	"valutazione" text,
	"piano" text,
	"trattamenti" text,
	"author_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinical_evaluations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"paziente_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"data" date NOT NULL,
	"motivo_invio" text,
	"anamnesi" text,
	"dolore_nrs" smallint,
	"dolore_sede" text,
	"dolore_caratteristiche" text,
	"esame_obiettivo" text,
	"test_funzionali" text,
	"articolarita" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"diagnosi" text,
	"obiettivi" text,
	"piano_trattamento" text,
	"note" text,
	"author_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinical_outcome_measures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"paziente_id" uuid NOT NULL,
	"codice" text NOT NULL,
	"data" date NOT NULL,
	"risposte" jsonb NOT NULL,
	"punteggio" real NOT NULL,
	"fascia" text NOT NULL,
	"note" text,
	"author_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "paziente_id" uuid;--> statement-breakpoint
ALTER TABLE "clinical_diary_entries" ADD CONSTRAINT "clinical_diary_entries_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_diary_entries" ADD CONSTRAINT "clinical_diary_entries_paziente_id_patients_id_fk" FOREIGN KEY ("paziente_id") REFERENCES "patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_diary_entries" ADD CONSTRAINT "clinical_diary_entries_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_evaluations" ADD CONSTRAINT "clinical_evaluations_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_evaluations" ADD CONSTRAINT "clinical_evaluations_paziente_id_patients_id_fk" FOREIGN KEY ("paziente_id") REFERENCES "patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_evaluations" ADD CONSTRAINT "clinical_evaluations_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_outcome_measures" ADD CONSTRAINT "clinical_outcome_measures_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_outcome_measures" ADD CONSTRAINT "clinical_outcome_measures_paziente_id_patients_id_fk" FOREIGN KEY ("paziente_id") REFERENCES "patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_outcome_measures" ADD CONSTRAINT "clinical_outcome_measures_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinical_diary_patient_idx" ON "clinical_diary_entries" USING btree ("studio_id","paziente_id","data","created_at");--> statement-breakpoint
CREATE INDEX "clinical_diary_event_idx" ON "clinical_diary_entries" USING btree ("studio_id","event_id");--> statement-breakpoint
CREATE INDEX "clinical_evaluations_patient_idx" ON "clinical_evaluations" USING btree ("studio_id","paziente_id","data");--> statement-breakpoint
CREATE INDEX "clinical_outcome_patient_idx" ON "clinical_outcome_measures" USING btree ("studio_id","paziente_id","codice","data");--> statement-breakpoint
CREATE INDEX "audit_events_patient_idx" ON "audit_events" USING btree ("studio_id","paziente_id","occurred_at") WHERE "audit_events"."paziente_id" is not null;