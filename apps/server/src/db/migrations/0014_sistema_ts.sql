CREATE TABLE "ts_invii" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"lotto_id" uuid NOT NULL,
	"documento_id" uuid,
	"anno" integer NOT NULL,
	"numero_documento" text NOT NULL,
	"data_emissione" text NOT NULL,
	"operazione" text NOT NULL,
	"record" jsonb NOT NULL,
	"stato" text NOT NULL,
	"errori" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ts_lotti" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"xml" text NOT NULL,
	"stato" text NOT NULL,
	"canale" text NOT NULL,
	"protocollo" text,
	"errore" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"inviato_at" timestamp with time zone,
	"esito_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ts_invii" ADD CONSTRAINT "ts_invii_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ts_invii" ADD CONSTRAINT "ts_invii_lotto_id_ts_lotti_id_fk" FOREIGN KEY ("lotto_id") REFERENCES "ts_lotti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ts_invii" ADD CONSTRAINT "ts_invii_documento_id_documenti_contabili_id_fk" FOREIGN KEY ("documento_id") REFERENCES "documenti_contabili"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ts_lotti" ADD CONSTRAINT "ts_lotti_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ts_invii_documento_idx" ON "ts_invii" USING btree ("documento_id","created_at");--> statement-breakpoint
CREATE INDEX "ts_invii_anno_idx" ON "ts_invii" USING btree ("studio_id","anno");--> statement-breakpoint
CREATE INDEX "ts_invii_lotto_idx" ON "ts_invii" USING btree ("lotto_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ts_invii_in_corso_uq" ON "ts_invii" USING btree ("documento_id") WHERE "ts_invii"."stato" in ('IN_CODA', 'INVIATO');--> statement-breakpoint
CREATE INDEX "ts_lotti_studio_idx" ON "ts_lotti" USING btree ("studio_id","created_at");