-- Trigram search (pg_trgm) with the studio in the same GIN index (btree_gin). Extensions live in "public" so
-- that every schema on the search_path finds them; the lock serialises concurrent first migrations (tests).
SELECT pg_advisory_xact_lock(20260001);--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA public;--> statement-breakpoint
CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"tipologia_persona" text NOT NULL,
	"nome" text,
	"cognome" text,
	"ragione_sociale" text,
	"sesso" text DEFAULT 'U' NOT NULL,
	"codice_fiscale" text,
	"partita_iva" text,
	"codice_destinatario" text,
	"data_nascita" date,
	"comune_nascita" text,
	"provincia_nascita" text,
	"nazionalita" text DEFAULT 'IT' NOT NULL,
	"is_pubblica_amministrazione" boolean DEFAULT false NOT NULL,
	"note" text,
	"cellulare" text,
	"telefono" text,
	"email" text,
	"pec" text,
	"indirizzo" text,
	"cap" text,
	"comune" text,
	"provincia" text,
	"numero_tessera_sanitaria" text,
	"documento_identita" text,
	"trasmissione_sistema_sanitario" boolean DEFAULT true NOT NULL,
	"search_text" text NOT NULL,
	"sort_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patients_studio_sort_idx" ON "patients" USING btree ("studio_id","sort_name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_studio_codice_fiscale_idx" ON "patients" USING btree ("studio_id","codice_fiscale") WHERE "patients"."codice_fiscale" is not null;--> statement-breakpoint
CREATE INDEX "patients_search_idx" ON "patients" USING gin ("studio_id","search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "patients_tags_idx" ON "patients" USING gin ("tags") WITH (fastupdate=false);