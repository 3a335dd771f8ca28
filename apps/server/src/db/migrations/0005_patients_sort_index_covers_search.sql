DROP INDEX "patients_studio_sort_idx";--> statement-breakpoint
CREATE INDEX "patients_studio_sort_idx" ON "patients" USING btree ("studio_id","sort_name","id","search_text");