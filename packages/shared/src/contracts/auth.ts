import { z } from 'zod';
import { AUTH_LIMITS } from '../constants/auth.ts';
import { AUTH_MESSAGES, AUTH_TEXTS } from '../constants/auth-messages.ts';

/**
 * Contracts of the sign-in and account calls. Transport schemas are loose on purpose where the spec
 * gives a message for a bad value (the service answers with it); the *Form schemas are what the web
 * forms validate against before sending.
 */

const rawEmail = z.string().max(320);
const rawPassword = z.string().max(AUTH_LIMITS.passwordMaxLength);

/** A well-formed e-mail address; the message is the one of spec 1 §5. */
export const emailAddressSchema = z
  .string()
  .trim()
  .pipe(z.email({ error: AUTH_MESSAGES.signup.invalidEmail }).max(320));

export const newPasswordSchema = z
  .string()
  .min(AUTH_LIMITS.passwordMinLength, { error: AUTH_MESSAGES.signup.weakPassword })
  .max(AUTH_LIMITS.passwordMaxLength, { error: AUTH_MESSAGES.signup.weakPassword });

export const appIdQuerySchema = z.object({ appId: z.string().min(1).max(100).optional() });

/** `POST /api/live_api/account/create?sale_id=`: the account claims a sale paid before it existed. */
export const accountCreateQuerySchema = appIdQuerySchema.extend({
  sale_id: z.string().min(1).max(100).optional(),
});

export const signupRequestSchema = z
  .object({
    email: rawEmail,
    password: rawPassword,
    name: z.string().trim().max(100).optional(),
    /** Where the verification link continues (bound to the tenant's own addresses, like a magic link's). */
    continueUrl: z.string().max(2000).nullish(),
  })
  .meta({ id: 'SignupRequest' });
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const signupFormSchema = z.object({
  name: z.string().trim().max(100).optional(),
  email: emailAddressSchema,
  password: newPasswordSchema,
});
export type SignupForm = z.infer<typeof signupFormSchema>;

export const loginRequestSchema = z
  .object({ email: rawEmail, password: rawPassword })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginFormSchema = z.object({
  email: z.string().trim().min(1, { error: AUTH_MESSAGES.login.invalidCredentials }),
  password: z.string().min(1, { error: AUTH_MESSAGES.login.invalidCredentials }),
});

export const authUserSchema = z
  .object({
    id: z.string(),
    tenantId: z.string(),
    appId: z.string().nullable(),
    email: z.string(),
    name: z.string().nullable(),
    emailVerified: z.boolean(),
    isAdmin: z.boolean(),
    hasPassword: z.boolean(),
    businessDetails: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AuthUser' });
export type AuthUser = z.infer<typeof authUserSchema>;

/** Answer of a sign-in. Bearer tokens are given to app tenants (SDK); the platform gets the cookie. */
export const signInResponseSchema = z
  .object({
    user: authUserSchema,
    tenantId: z.string(),
    accessToken: z.string().optional(),
    refreshToken: z.string().optional(),
    expiresIn: z.number().int().optional(),
  })
  .meta({ id: 'SignInResponse' });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const sessionResponseSchema = z
  .object({ user: authUserSchema, tenantId: z.string() })
  .meta({ id: 'Session' });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const tokenResponseSchema = z
  .object({ accessToken: z.string(), tokenType: z.literal('Bearer'), expiresIn: z.number().int() })
  .meta({ id: 'AccessToken' });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const actionTokenRequestSchema = z.object({ token: z.string().min(1).max(2000) });

/** A magic link's code and the `continueUrl` of the link (the server binds it to the tenant's own address). */
export const magicLinkRequestSchema = actionTokenRequestSchema.extend({
  continueUrl: z.string().max(2000).nullish(),
});

export const passwordResetRequestSchema = z.object({
  token: z.string().min(1).max(200),
  password: rawPassword,
  /** The link's `continueUrl`: an app's end user goes back to that app (bound to its own addresses). */
  continueUrl: z.string().max(2000).nullish(),
});
/** `continueUrl`: for an app's end user, the app's own address to go back to; null for a builder. */
export const passwordResetResponseSchema = z.object({
  message: z.string(),
  continueUrl: z.string().nullable(),
});
export const passwordResetFormSchema = z.object({ password: newPasswordSchema });

export const sendResetPasswordEmailRequestSchema = z.object({
  email: rawEmail,
  mainAppId: z.string().max(100).nullish(),
  continueUrl: z.string().max(2000).nullish(),
});

export const sendMagicLinkRequestSchema = z.object({
  email: rawEmail,
  continueUrl: z.string().max(2000).nullish(),
});
export const magicLinkEmailFormSchema = z.object({
  email: z
    .string()
    .trim()
    .pipe(z.email({ error: AUTH_MESSAGES.magicLink.invalidEmail })),
});

export const validateOtpRequestSchema = z.object({ email: rawEmail, otp: z.string().max(20) });
export const otpFormSchema = z.object({
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: AUTH_MESSAGES.magicLink.invalidOrExpired }),
});
export const customTokenResponseSchema = z
  .object({ customToken: z.string(), tenantId: z.string() })
  .meta({ id: 'CustomToken' });
export type CustomTokenResponse = z.infer<typeof customTokenResponseSchema>;

/**
 * A used magic link: the custom token and where it may be taken — a path of the platform for a
 * builder, the app's own address for an end user (never a page the requester chose).
 */
export const magicLinkResponseSchema = customTokenResponseSchema
  .extend({ continueUrl: z.string().nullable() })
  .meta({ id: 'MagicLinkSignIn' });
export type MagicLinkResponse = z.infer<typeof magicLinkResponseSchema>;

export const emailChangeRequestSchema = z.object({ newEmail: rawEmail });
export const emailChangeFormSchema = z.object({ newEmail: emailAddressSchema });
export const completeEmailChangeRequestSchema = z.object({
  newEmail: rawEmail,
  oobCode: z.string().min(1).max(200),
});

export const profileUpdateRequestSchema = z.object({
  name: z.string().trim().max(100).nullish(),
  businessDetails: z.string().trim().max(5000).nullish(),
});
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;

export const passwordChangeRequestSchema = z.object({
  currentPassword: rawPassword.optional(),
  newPassword: rawPassword,
});
export const passwordChangeFormSchema = z.object({
  currentPassword: z.string().optional(),
  newPassword: newPasswordSchema,
});

export const deleteAccountRequestSchema = z.object({ confirmEmail: rawEmail });
export const deleteAccountFormSchema = z.object({
  confirmEmail: z.string().trim().min(1, { error: AUTH_TEXTS.deleteConfirmMismatch }),
});

export const messageResponseSchema = z.object({ message: z.string() }).meta({ id: 'Message' });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** The link's code and `continueUrl` (bound to the tenant's own addresses, like a magic link's). */
export const verifyEmailRequestSchema = magicLinkRequestSchema;
/** `continueUrl`: for an app's end user, the app's own address to go back to; null for a builder. */
export const verifyEmailResponseSchema = z.object({
  message: z.string(),
  email: z.string(),
  continueUrl: z.string().nullable(),
});

/** spec 1 §3 Account. */
export const accountSchema = z
  .object({
    accountId: z.string(),
    accountType: z.enum(['builder', 'end_user']),
    plan: z.string(),
    subscriptionId: z.string().nullable(),
    planSubscriptionStatus: z.string().nullable(),
    planSubscriptionCancelledAt: z.string().nullable(),
    appId: z.string().nullable(),
    appHeader: z.string().nullable(),
    hasBusinessInfo: z.boolean(),
    hasPaidAppPackage: z.boolean(),
    isAdmin: z.boolean(),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;

export const accountCreateResponseSchema = z.object({ accountId: z.string() }).meta({ id: 'AccountCreated' });

export const oauthProviderSchema = z.object({ id: z.enum(['google', 'github']), name: z.string() });
export type OAuthProviderInfo = z.infer<typeof oauthProviderSchema>;
export const providersResponseSchema = z
  .object({ providers: z.array(oauthProviderSchema) })
  .meta({ id: 'AuthProviders' });

export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxResponseSchema = z
  .object({ messages: z.array(outboxMessageSchema) })
  .meta({ id: 'DevOutbox' });

/** Body of the 429 answer of validateOtp once the code is dead. */
export const attemptsExceededSchema = z.object({
  error: z.object({ code: z.literal('ATTEMPTS_EXCEEDED'), message: z.string() }),
  attemptsExceeded: z.literal(true),
});
