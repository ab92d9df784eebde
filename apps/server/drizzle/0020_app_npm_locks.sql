CREATE TABLE "app_npm_locks" (
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"range" text NOT NULL,
	"root" text NOT NULL,
	"packages" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_npm_locks_app_id_name_pk" PRIMARY KEY("app_id","name")
);
--> statement-breakpoint
ALTER TABLE "app_npm_locks" ADD CONSTRAINT "app_npm_locks_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;