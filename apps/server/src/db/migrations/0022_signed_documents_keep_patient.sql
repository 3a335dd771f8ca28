ALTER TABLE "signature_requests" DROP CONSTRAINT "signature_requests_patient_id_patients_id_fk";
--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "patients"("id") ON DELETE no action ON UPDATE no action;