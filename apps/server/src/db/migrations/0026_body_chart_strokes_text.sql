ALTER TABLE "body_charts" ALTER COLUMN "strokes" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "body_charts" ALTER COLUMN "strokes" SET DATA TYPE text USING "strokes"::text;--> statement-breakpoint
ALTER TABLE "body_charts" ALTER COLUMN "strokes" SET DEFAULT '[]';
