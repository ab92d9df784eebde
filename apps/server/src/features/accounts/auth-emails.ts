import type { AuthActionMode } from '@atelier/shared';
import type { MailMessage } from '../../platform/mail/mailer.ts';

/** The link every e-mailed action lands on: `/auth/handler?mode=…&oobCode=…&continueUrl=…`. */
export function actionLink(
  publicUrl: string,
  mode: AuthActionMode,
  oobCode: string,
  continueUrl?: string | null,
): string {
  const url = new URL('/auth/handler', publicUrl);
  url.searchParams.set('mode', mode);
  url.searchParams.set('oobCode', oobCode);
  if (continueUrl) url.searchParams.set('continueUrl', continueUrl);
  return url.toString();
}

/** Longest app name a subject line carries; longer names are cut with an ellipsis. */
export const SUBJECT_NAME_MAX = 40;

/**
 * An app's name as a subject line may show it (issue 20 #9): the name is chosen by whoever made the
 * app, so no control or format characters (no header tricks, no bidi reversal), no link-like text
 * (dots become "·" so a name never reads as a domain or an address), at most 40 characters.
 */
export function subjectName(name: string): string {
  const clean = name
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/[./:@]/g, '·')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...clean];
  const short =
    chars.length > SUBJECT_NAME_MAX
      ? `${chars
          .slice(0, SUBJECT_NAME_MAX - 1)
          .join('')
          .trimEnd()}…`
      : clean;
  return short || 'an app';
}

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function message(
  to: string,
  subject: string,
  lines: string[],
  link: { href: string; label: string },
): MailMessage {
  const text = [
    ...lines,
    '',
    `${link.label}: ${link.href}`,
    '',
    'If you did not ask for this, ignore this email.',
  ].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`,
    '<p>If you did not ask for this, ignore this email.</p>',
  ].join('\n');
  return { to, subject, text, html };
}

export function verifyEmailMail(to: string, link: string, appName: string): MailMessage {
  return message(
    to,
    `Verify your email for ${subjectName(appName)}`,
    [`Confirm that ${to} is your email address.`],
    {
      href: link,
      label: 'Verify email',
    },
  );
}

export function resetPasswordMail(to: string, link: string, appName: string): MailMessage {
  return message(
    to,
    `Reset your password for ${subjectName(appName)}`,
    ['Someone asked to reset the password of your account.', 'The link works once, within 15 minutes.'],
    { href: link, label: 'Reset password' },
  );
}

export function magicLinkMail(to: string, link: string, otp: string, appName: string): MailMessage {
  return message(
    to,
    `Your sign-in link and code for ${subjectName(appName)}`,
    [
      `Your sign-in code is ${otp}.`,
      'Enter it on the sign-in page, or use the link below. Both work once, within 15 minutes.',
    ],
    { href: link, label: 'Sign in' },
  );
}

/** An app's invitation (Base44's `auth.inviteUser`): a sign-in link and code into the app. */
export function invitationMail(to: string, link: string, otp: string, appName: string): MailMessage {
  return message(
    to,
    `You are invited to ${subjectName(appName)}`,
    [
      `You were invited to use ${subjectName(appName)}.`,
      `Your sign-in code is ${otp}. Enter it on the app's sign-in page, or use the link below. Both work once, within 15 minutes; after that, ask the sign-in page for a new code.`,
    ],
    { href: link, label: 'Accept the invitation' },
  );
}

export function emailChangeMail(to: string, link: string, appName: string): MailMessage {
  return message(
    to,
    `Confirm your new email for ${subjectName(appName)}`,
    [`Confirm ${to} as the new email address of your account.`, 'The link works once, within 15 minutes.'],
    { href: link, label: 'Confirm new email' },
  );
}
