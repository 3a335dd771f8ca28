-- drawings saved before the keys existed may name a record since deleted: unlink them first
UPDATE "body_charts" SET "valutazione_id" = NULL WHERE "valutazione_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "clinical_evaluations" e WHERE e."id" = "body_charts"."valutazione_id");--> statement-breakpoint
UPDATE "body_charts" SET "diario_id" = NULL WHERE "diario_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "clinical_diary_entries" d WHERE d."id" = "body_charts"."diario_id");--> statement-breakpoint
ALTER TABLE "body_charts" ADD CONSTRAINT "body_charts_valutazione_id_clinical_evaluations_id_fk" FOREIGN KEY ("valutazione_id") REFERENCES "clinical_evaluations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "body_charts" ADD CONSTRAINT "body_charts_diario_id_clinical_diary_entries_id_fk" FOREIGN KEY ("diario_id") REFERENCES "clinical_diary_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "body_charts_valutazione_idx" ON "body_charts" USING btree ("valutazione_id");--> statement-breakpoint
CREATE INDEX "body_charts_diario_idx" ON "body_charts" USING btree ("diario_id");