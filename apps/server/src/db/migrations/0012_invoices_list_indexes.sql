DROP INDEX "documenti_studio_data_idx";--> statement-breakpoint
CREATE INDEX "events_linked_documento_idx" ON "events" USING btree ("linked_documento_contabile_id") WHERE "events"."linked_documento_contabile_id" is not null;--> statement-breakpoint
CREATE INDEX "documenti_search_idx" ON "documenti_contabili" USING gin ("studio_id","cliente_search" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "documenti_stats_idx" ON "documenti_contabili" USING btree ("studio_id","serie","data_documento","tipo_documento","pagata","data_scadenza","totale_cents");--> statement-breakpoint
CREATE INDEX "documenti_incasso_idx" ON "documenti_contabili" USING btree ("studio_id","serie","data_incasso","tipo_documento","netto_cents") WHERE "documenti_contabili"."pagata";--> statement-breakpoint
CREATE INDEX "documenti_collegata_idx" ON "documenti_contabili" USING btree ("fattura_collegata_id") WHERE "documenti_contabili"."fattura_collegata_id" is not null;--> statement-breakpoint
CREATE INDEX "documenti_studio_data_idx" ON "documenti_contabili" USING btree ("studio_id","serie","data_documento","numero","id","pagata","tipo_documento");