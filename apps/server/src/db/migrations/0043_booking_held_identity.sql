ALTER TABLE "bookings" ADD COLUMN "held_codice_fiscale" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "identity_check" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "identity_patient_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_identity_patient_id_patients_id_fk" FOREIGN KEY ("identity_patient_id") REFERENCES "patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_identity_check" CHECK ("bookings"."identity_check" is null or "bookings"."identity_check" in ('CODICE_FISCALE_IN_ALTRA_SCHEDA', 'CODICE_FISCALE_NON_CORRISPONDE'));