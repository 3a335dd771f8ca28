CREATE TABLE "form_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"shared_with_community" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_templates" ADD CONSTRAINT "form_templates_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_templates_studio_idx" ON "form_templates" USING btree ("studio_id","title");--> statement-breakpoint
CREATE INDEX "form_templates_shared_idx" ON "form_templates" USING btree ("title") WHERE "form_templates"."shared_with_community";