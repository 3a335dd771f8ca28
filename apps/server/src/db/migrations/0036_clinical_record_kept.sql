-- Issue 30 item 5 (decision 040): the clinical record keeps its patient. Deleting a patient with evaluations, diary
-- entries, outcome measures, attachments or body charts is refused (NO ACTION, checked at the statement's end, so a
-- whole studio's deletion still removes patients and records together through their studio_id cascade).
ALTER TABLE "clinical_diary_entries" DROP CONSTRAINT "clinical_diary_entries_paziente_id_patients_id_fk";
--> statement-breakpoint
ALTER TABLE "clinical_evaluations" DROP CONSTRAINT "clinical_evaluations_paziente_id_patients_id_fk";
--> statement-breakpoint
ALTER TABLE "clinical_outcome_measures" DROP CONSTRAINT "clinical_outcome_measures_paziente_id_patients_id_fk";
--> statement-breakpoint
ALTER TABLE "body_charts" DROP CONSTRAINT "body_charts_paziente_id_patients_id_fk";
--> statement-breakpoint
ALTER TABLE "patient_attachments" DROP CONSTRAINT "patient_attachments_paziente_id_patients_id_fk";
--> statement-breakpoint
ALTER TABLE "clinical_diary_entries" ADD CONSTRAINT "clinical_diary_entries_paziente_id_patients_id_fk" FOREIGN KEY ("paziente_id") REFERENCES "patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_evaluations" ADD CONSTRAINT "clinical_evaluations_paziente_id_patients_id_fk" FOREIGN KEY ("paziente_id") REFERENCES "patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_outcome_measures" ADD CONSTRAINT "clinical_outcome_measures_paziente_id_patients_id_fk" FOREIGN KEY ("paziente_id") REFERENCES "patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "body_charts" ADD CONSTRAINT "body_charts_paziente_id_patients_id_fk" FOREIGN KEY ("paziente_id") REFERENCES "patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_attachments" ADD CONSTRAINT "patient_attachments_paziente_id_patients_id_fk" FOREIGN KEY ("paziente_id") REFERENCES "patients"("id") ON DELETE no action ON UPDATE no action;