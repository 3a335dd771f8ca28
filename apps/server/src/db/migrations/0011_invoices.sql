CREATE TABLE "document_counters" (
	"studio_id" uuid NOT NULL,
	"serie" text NOT NULL,
	"sezionale" text NOT NULL,
	"anno" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_counters_studio_id_serie_sezionale_anno_pk" PRIMARY KEY("studio_id","serie","sezionale","anno")
);
--> statement-breakpoint
CREATE TABLE "documenti_contabili" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"paziente_id" uuid,
	"serie" text NOT NULL,
	"tipo_documento" text NOT NULL,
	"numero" integer NOT NULL,
	"anno" integer NOT NULL,
	"sezionale" text DEFAULT '' NOT NULL,
	"suffisso" text,
	"id_documento" text NOT NULL,
	"data_documento" date NOT NULL,
	"data_scadenza" date,
	"pagata" boolean DEFAULT false NOT NULL,
	"data_incasso" date,
	"metodo_pagamento" text NOT NULL,
	"accepted" boolean,
	"is_inviata_to_sdi" boolean DEFAULT false NOT NULL,
	"dati_trasmissione" jsonb NOT NULL,
	"prestazione" jsonb NOT NULL,
	"tassazione" jsonb NOT NULL,
	"coordinate_bancarie" jsonb,
	"fattura_settings" jsonb NOT NULL,
	"note" text,
	"causali" text[] DEFAULT '{}'::text[] NOT NULL,
	"cliente" jsonb NOT NULL,
	"cliente_search" text NOT NULL,
	"emittente" jsonb NOT NULL,
	"regime_fiscale" text,
	"totale_cents" integer NOT NULL,
	"netto_cents" integer NOT NULL,
	"fattura_collegata_id" uuid,
	"proforma_id" uuid,
	"fattura_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documenti_contabili" ADD CONSTRAINT "documenti_contabili_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documenti_contabili" ADD CONSTRAINT "documenti_contabili_paziente_id_patients_id_fk" FOREIGN KEY ("paziente_id") REFERENCES "patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documenti_numero_uq" ON "documenti_contabili" USING btree ("studio_id","serie","sezionale","anno","numero");--> statement-breakpoint
CREATE INDEX "documenti_studio_data_idx" ON "documenti_contabili" USING btree ("studio_id","serie","data_documento","numero");--> statement-breakpoint
CREATE INDEX "documenti_paziente_idx" ON "documenti_contabili" USING btree ("paziente_id","data_documento");