CREATE TABLE "chat_replies" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"user_message_id" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"stop_requested" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_reply_chunks" (
	"reply_id" text NOT NULL,
	"seq" integer NOT NULL,
	"chunks" jsonb NOT NULL,
	CONSTRAINT "chat_reply_chunks_reply_id_seq_pk" PRIMARY KEY("reply_id","seq")
);
--> statement-breakpoint
ALTER TABLE "chat_replies" ADD CONSTRAINT "chat_replies_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reply_chunks" ADD CONSTRAINT "chat_reply_chunks_reply_id_chat_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."chat_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_replies_running_idx" ON "chat_replies" USING btree ("app_id") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "chat_replies_app_idx" ON "chat_replies" USING btree ("app_id");