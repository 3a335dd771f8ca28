CREATE TABLE "signature_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"studio_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"template_id" uuid,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"original_key" text NOT NULL,
	"original_sha256" text NOT NULL,
	"signed_key" text,
	"signed_sha256" text
);
--> statement-breakpoint
CREATE TABLE "signature_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"link_id" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"cellulare" text NOT NULL,
	"email" text,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"otp_hash" text,
	"otp_expires_at" timestamp with time zone,
	"otp_sent_at" timestamp with time zone,
	"otp_sends" integer DEFAULT 0 NOT NULL,
	"otp_failed_attempts" integer DEFAULT 0 NOT NULL,
	"otp_verified_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"signer" jsonb,
	"signer_ip" text,
	"signer_user_agent" text,
	"device" text,
	"sign_page_url" text,
	"signature_image_key" text,
	"id_document_key" text,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_identities" (
	"name" text PRIMARY KEY NOT NULL,
	"certificate_pem" text NOT NULL,
	"sealed_private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_message_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signature_documents" ADD CONSTRAINT "signature_documents_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_documents" ADD CONSTRAINT "signature_documents_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signature_documents_request_idx" ON "signature_documents" USING btree ("request_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_requests_link_idx" ON "signature_requests" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "signature_requests_patient_idx" ON "signature_requests" USING btree ("studio_id","patient_id","created_at");--> statement-breakpoint
CREATE INDEX "signature_requests_pending_idx" ON "signature_requests" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "sms_messages_studio_idx" ON "sms_messages" USING btree ("studio_id","created_at");