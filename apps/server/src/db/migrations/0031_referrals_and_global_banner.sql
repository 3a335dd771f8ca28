CREATE TABLE "global_notifications" (
	"key" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description_title" text NOT NULL,
	"description_body" text NOT NULL,
	"show_banner" boolean DEFAULT false NOT NULL,
	"show_btn_share_invito" boolean DEFAULT false NOT NULL,
	"whatsapp_share_msg" text NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"side" text NOT NULL,
	"studio_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_credits_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "referral_credits_side_ck" CHECK ("referral_credits"."side" in ('inviter', 'invitee')),
	CONSTRAINT "referral_credits_amount_ck" CHECK ("referral_credits"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"inviter_user_id" uuid NOT NULL,
	"invitee_email" text NOT NULL,
	"invitation_reason" text,
	"completed_at" timestamp with time zone,
	"invitee_studio_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_credits" ADD CONSTRAINT "referral_credits_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_credits" ADD CONSTRAINT "referral_credits_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_inviter_user_id_users_id_fk" FOREIGN KEY ("inviter_user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_credits_referral_side_uq" ON "referral_credits" USING btree ("referral_id","side");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_studio_email_uq" ON "referrals" USING btree ("studio_id","invitee_email");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_invitee_studio_uq" ON "referrals" USING btree ("invitee_studio_id");--> statement-breakpoint
CREATE INDEX "referrals_inviter_idx" ON "referrals" USING btree ("inviter_user_id");