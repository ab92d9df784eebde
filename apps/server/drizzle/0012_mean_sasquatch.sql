CREATE TABLE "tool_memories" (
	"app_id" text NOT NULL,
	"user_id" text NOT NULL,
	"field_name" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_memories_app_id_user_id_field_name_pk" PRIMARY KEY("app_id","user_id","field_name")
);
--> statement-breakpoint
CREATE TABLE "tool_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"tool_id" text NOT NULL,
	"user_id" text,
	"subject" text NOT NULL,
	"status" text NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"inputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"output" text,
	"error" text,
	"model" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tools" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"title" text NOT NULL,
	"path" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"image_url" text,
	"position" integer DEFAULT 0 NOT NULL,
	"content" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tool_memories" ADD CONSTRAINT "tool_memories_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_runs" ADD CONSTRAINT "tool_runs_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_runs" ADD CONSTRAINT "tool_runs_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_runs_app_idx" ON "tool_runs" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE INDEX "tool_runs_subject_idx" ON "tool_runs" USING btree ("tool_id","subject","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tools_path_key" ON "tools" USING btree (lower("path"));--> statement-breakpoint
CREATE INDEX "tools_app_idx" ON "tools" USING btree ("app_id","position");--> statement-breakpoint
CREATE INDEX "tools_status_idx" ON "tools" USING btree ("status");