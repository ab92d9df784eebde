CREATE TABLE "app_secrets" (
	"app_id" text NOT NULL,
	"key" text NOT NULL,
	"value_encrypted" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_secrets_app_id_key_pk" PRIMARY KEY("app_id","key")
);
--> statement-breakpoint
CREATE TABLE "function_deployments" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"version_id" text,
	"source_hash" text,
	"bundle" text,
	"env_reads" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" jsonb,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deployed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "function_invocations" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"deployment_id" text,
	"status" text NOT NULL,
	"http_status" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"cold" boolean DEFAULT false NOT NULL,
	"trigger" text NOT NULL,
	"error" text,
	"logs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_secrets" ADD CONSTRAINT "app_secrets_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "function_deployments" ADD CONSTRAINT "function_deployments_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "function_invocations" ADD CONSTRAINT "function_invocations_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_secrets_app_idx" ON "app_secrets" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "function_deployments_app_name_idx" ON "function_deployments" USING btree ("app_id","name","created_at");--> statement-breakpoint
CREATE INDEX "function_invocations_app_name_idx" ON "function_invocations" USING btree ("app_id","name","created_at");