import { randomUUID } from 'node:crypto';
import { AUTH_TEXTS } from '@atelier/shared';
import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Database } from '../db/database.ts';
import { devOutbox } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends e-mail: SMTP when SMTP_URL is set, else the dev outbox (never in production). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox' | 'disabled';
  send(message: MailMessage): Promise<void>;
}

export function createMailer(config: Config, database: Database, logger: Logger): Mailer {
  if (config.auth.smtpUrl) return smtpMailer(config.auth.smtpUrl, config.auth.mailFrom, logger);
  if (config.nodeEnv === 'production') return disabledMailer(logger);
  return outboxMailer(database, logger);
}

/** Whether the dev outbox is on: no SMTP_URL and not production. */
export function isOutboxEnabled(config: Config): boolean {
  return !config.auth.smtpUrl && config.nodeEnv !== 'production';
}

function smtpMailer(url: string, from: string, logger: Logger): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
    },
  };
}

function outboxMailer(database: Database, logger: Logger): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      const id = randomUUID();
      await database.db.insert(devOutbox).values({ id, ...message });
      // The body holds links and codes: only the envelope goes to the log.
      logger.info({ to: message.to, subject: message.subject, outboxId: id }, 'mail kept in the dev outbox');
    },
  };
}

function disabledMailer(logger: Logger): Mailer {
  return {
    kind: 'disabled',
    async send(message) {
      logger.error({ to: message.to, subject: message.subject }, 'mail not sent: SMTP_URL is not set');
      throw new AppError('service_unavailable', AUTH_TEXTS.mailNotConfigured);
    },
  };
}

/** The newest messages of the dev outbox first. */
export async function listOutbox(database: Database, limit = 100) {
  const rows = await database.db.select().from(devOutbox).orderBy(desc(devOutbox.createdAt)).limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
