CREATE TABLE "documenti_ricevuti" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"hash" text NOT NULL,
	"indice" integer NOT NULL,
	"file_name" text NOT NULL,
	"origine" text NOT NULL,
	"fornitore" text NOT NULL,
	"fornitore_partita_iva" text,
	"fornitore_codice_fiscale" text,
	"tipo_documento" text NOT NULL,
	"numero" text NOT NULL,
	"data_documento" text NOT NULL,
	"data_scadenza" text,
	"imponibile_cents" bigint NOT NULL,
	"iva_cents" bigint NOT NULL,
	"totale_cents" bigint NOT NULL,
	"ritenuta_cents" bigint NOT NULL,
	"avvisi" jsonb NOT NULL,
	"firma" jsonb,
	"xml" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sdi_counters" (
	"studio_id" uuid PRIMARY KEY NOT NULL,
	"last_progressivo" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sdi_invii" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"documento_id" uuid NOT NULL,
	"progressivo_invio" text NOT NULL,
	"file_name" text NOT NULL,
	"xml" text NOT NULL,
	"stato" text NOT NULL,
	"canale" text NOT NULL,
	"identificativo_sdi" text,
	"errore" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"inviato_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sdi_notifiche" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"documento_id" uuid NOT NULL,
	"invio_id" uuid NOT NULL,
	"type" text NOT NULL,
	"message" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sdi_webhook_receipts" (
	"signature_hash" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documenti_contabili" ADD COLUMN "canale_invio" text;--> statement-breakpoint
ALTER TABLE "documenti_ricevuti" ADD CONSTRAINT "documenti_ricevuti_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sdi_counters" ADD CONSTRAINT "sdi_counters_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sdi_invii" ADD CONSTRAINT "sdi_invii_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sdi_invii" ADD CONSTRAINT "sdi_invii_documento_id_documenti_contabili_id_fk" FOREIGN KEY ("documento_id") REFERENCES "documenti_contabili"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sdi_notifiche" ADD CONSTRAINT "sdi_notifiche_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sdi_notifiche" ADD CONSTRAINT "sdi_notifiche_documento_id_documenti_contabili_id_fk" FOREIGN KEY ("documento_id") REFERENCES "documenti_contabili"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sdi_notifiche" ADD CONSTRAINT "sdi_notifiche_invio_id_sdi_invii_id_fk" FOREIGN KEY ("invio_id") REFERENCES "sdi_invii"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documenti_ricevuti_hash_uq" ON "documenti_ricevuti" USING btree ("studio_id","hash","indice");--> statement-breakpoint
CREATE INDEX "documenti_ricevuti_data_idx" ON "documenti_ricevuti" USING btree ("studio_id","data_documento");--> statement-breakpoint
CREATE INDEX "documenti_ricevuti_search_idx" ON "documenti_ricevuti" USING btree ("studio_id",lower("fornitore"));--> statement-breakpoint
CREATE UNIQUE INDEX "sdi_invii_file_uq" ON "sdi_invii" USING btree ("studio_id","file_name");--> statement-breakpoint
CREATE INDEX "sdi_invii_documento_idx" ON "sdi_invii" USING btree ("documento_id","created_at");--> statement-breakpoint
CREATE INDEX "sdi_notifiche_documento_idx" ON "sdi_notifiche" USING btree ("documento_id","created_at");--> statement-breakpoint
-- The channel of the documents issued before this migration, by the domain's rule (canaleInvioOf): health invoices
-- to natural persons (and their credit notes) go to the Sistema TS, every other invoice or credit note to the SDI.
UPDATE "documenti_contabili" d SET "canale_invio" = CASE
  WHEN d."cliente"->>'tipologiaPersona' = 'FISICA' AND coalesce(d."cliente"->>'partitaIva', '') = ''
    AND (d."tipo_documento" = 'FATTURA_SANITARIA'
      OR (d."tipo_documento" = 'NOTA_DI_CREDITO' AND EXISTS (
        SELECT 1 FROM "documenti_contabili" f WHERE f."id" = d."fattura_collegata_id" AND f."tipo_documento" = 'FATTURA_SANITARIA')))
  THEN 'SISTEMA_TS' ELSE 'SDI' END
WHERE d."serie" = 'FATTURA';
