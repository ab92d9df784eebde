ALTER TABLE "apps" ADD COLUMN "slug" text;--> statement-breakpoint
CREATE UNIQUE INDEX "apps_slug_key" ON "apps" USING btree ("slug");