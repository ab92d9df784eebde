CREATE TABLE "app_domains" (
	"app_id" text NOT NULL,
	"domain" text NOT NULL,
	"txt_value" text NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_domains_app_id_domain_pk" PRIMARY KEY("app_id","domain")
);
--> statement-breakpoint
CREATE TABLE "app_file_blobs" (
	"hash" text PRIMARY KEY NOT NULL,
	"content" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"seq" integer NOT NULL,
	"parent_version_id" text,
	"content_hash" text NOT NULL,
	"message_id" text,
	"user_request" text,
	"description" text DEFAULT '' NOT NULL,
	"files" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "current_version_id" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "version_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "app_builder_version" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "header" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "gpt_prompt" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "background" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "features" jsonb;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "style" jsonb;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "settings" jsonb;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_domains" ADD CONSTRAINT "app_domains_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_domains_verified_domain_key" ON "app_domains" USING btree ("domain") WHERE verified_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_app_seq_key" ON "app_versions" USING btree ("app_id","seq");--> statement-breakpoint
CREATE INDEX "app_versions_message_idx" ON "app_versions" USING btree ("app_id","message_id");