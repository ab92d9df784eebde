import { describe, expect, it } from 'vitest';
import { appSettingsPatchSchema } from './builder.ts';
import {
  ANALYTICS_MESSAGES,
  CHAT_ACTIVATION_MESSAGES,
  CLAIM_CODE_ALPHABET,
  CLAIM_CODE_LENGTH,
  CLAIM_MESSAGES,
  claimInvitationText,
  claimPagePath,
  SETTINGS_MESSAGES,
} from './builder-settings.ts';

const firstMessage = (input: unknown) => {
  const result = appSettingsPatchSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('settings panel keys', () => {
  it('accepts http(s) links, e-mails and empty text to clear them', () => {
    expect(
      appSettingsPatchSchema.parse({
        termsOfServiceLink: ' https://a.example/terms ',
        privacyPolicyLink: '',
        supportEmail: 'help@a.example',
      }),
    ).toEqual({
      termsOfServiceLink: 'https://a.example/terms',
      privacyPolicyLink: '',
      supportEmail: 'help@a.example',
    });
  });

  it('refuses other links and addresses naming the field', () => {
    expect(firstMessage({ termsOfServiceLink: 'ftp://a.example' })).toBe(
      'termsOfServiceLink must be a link starting with http:// or https://',
    );
    expect(firstMessage({ supportEmail: 'help' })).toBe(SETTINGS_MESSAGES.invalidSupportEmail);
  });

  it('refuses empty and repeated (ignoring case) template categories with the spec texts', () => {
    expect(firstMessage({ templateCategories: ['CRM', ''] })).toBe('Category name cannot be empty');
    expect(firstMessage({ templateCategories: ['CRM', 'crm'] })).toBe('Category already exists');
    expect(appSettingsPatchSchema.parse({ templateCategories: ['CRM', 'Sales'] })).toEqual({
      templateCategories: ['CRM', 'Sales'],
    });
  });
});

describe('claim, chat activation and analytics texts', () => {
  it('keeps the spec messages verbatim', () => {
    expect(CLAIM_MESSAGES.getInvitationFailed).toBe('Failed to get invitation, try again later');
    expect(CLAIM_MESSAGES.getInvitationFailedShort).toBe('Failed to get invitation');
    expect(CLAIM_MESSAGES.publishFirst).toBe("You can't copy invite link until you publish your app");
    expect(CLAIM_MESSAGES.copied).toBe('Copied invite to clipboard');
    expect(CHAT_ACTIVATION_MESSAGES).toEqual({
      activateFailed: 'Failed to activate chat assistant',
      deactivateFailed: 'Failed to deactivate chat assistant',
      activated: 'Chat assistant activated successfully',
      deactivated: 'Chat assistant deactivated successfully',
    });
    expect(ANALYTICS_MESSAGES.publishFirst).toBe('Publish your app to access analytics.');
  });

  it('builds the invite page path and the invitation text with the link and code', () => {
    expect(claimPagePath('a b')).toBe('/claim/app/a%20b');
    const text = claimInvitationText('Shop', 'https://x.example/claim/app/1', 'ABCD2345');
    expect(text).toContain('"Shop"');
    expect(text).toContain('https://x.example/claim/app/1');
    expect(text).toContain('ABCD2345');
  });

  it('makes claim codes from an alphabet without look-alike characters', () => {
    expect(CLAIM_CODE_LENGTH).toBe(8);
    expect(CLAIM_CODE_ALPHABET).not.toMatch(/[01OIL]/);
  });
});
