CREATE TABLE "studio_signing_certificates" (
	"studio_id" uuid PRIMARY KEY NOT NULL,
	"certificate_pem" text NOT NULL,
	"sealed_private_key" text NOT NULL,
	"uploaded_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "sealed_with" text;--> statement-breakpoint
ALTER TABLE "studio_signing_certificates" ADD CONSTRAINT "studio_signing_certificates_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;