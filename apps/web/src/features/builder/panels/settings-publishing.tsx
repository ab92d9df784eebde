import {
  APP_MESSAGES,
  type AppPaidMemberships,
  type AppSettingsPatch,
  type AppSummary,
  MEMBERSHIP_MESSAGES,
  SETTINGS_MESSAGES,
} from '@atelier/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { answer, api } from '../../../lib/api.ts';
import { paymentKeys } from '../../payments/api.ts';
import { PaidMembershipsSettings } from '../../payments/components/paid-memberships-settings.tsx';
import type { SavePatch } from '../save-queue.ts';
import { ToggleField } from './panel-fields.tsx';

const LINK = /^https?:\/\/[^\s]+$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type LinkKey = 'termsOfServiceLink' | 'privacyPolicyLink' | 'supportEmail';

/**
 * A link or e-mail input of the Settings panel, saved only when valid. Red when empty (spec 2 §5) once
 * it matters: after the builder left the field, or while user signup (which needs it) is on — not
 * on a first look at the panel (issue 23 #25).
 */
function RequiredField(props: {
  label: string;
  value: string;
  error: string | null;
  type: 'url' | 'email';
  disabled: boolean;
  /** User signup is on: an empty field is a problem now. */
  needed: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const [touched, setTouched] = useState(false);
  const empty = props.value.trim() === '';
  const invalid = (empty && (touched || props.needed)) || props.error !== null;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className={invalid ? 'text-destructive' : undefined}>
        {props.label}
      </Label>
      <Input
        id={id}
        type={props.type}
        value={props.value}
        disabled={props.disabled}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-hint` : undefined}
        className={invalid ? 'border-destructive' : undefined}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={() => setTouched(true)}
      />
      {invalid && (
        <p id={`${id}-hint`} className="text-destructive text-xs">
          {props.error ?? SETTINGS_MESSAGES.requiredHint}
        </p>
      )}
    </div>
  );
}

/** Page names of the current version (`pages/{Name}.tsx`), for a space app's main page. */
function usePageNames(appId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['apps', appId, 'files', 'page-names'],
    queryFn: async ({ signal }) => {
      const { files } = await answer<{ files: { path: string }[] }>(
        api.GET('/apps/{appId}/files', { params: { path: { appId } }, signal }),
      );
      return files
        .map((file) => /^pages\/([^/]+)\.(tsx|jsx)$/.exec(file.path)?.[1])
        .filter((name): name is string => Boolean(name))
        .sort();
    },
    enabled,
  });
}

/**
 * User signup, "Require login to access", paid memberships, the main page (space apps) and the terms / privacy / support
 * inputs of the Settings panel (spec 2 §2, §5). Signup needs the app published.
 */
export function PublishingSettings({
  app,
  save,
  flush,
  disabled,
}: {
  app: AppSummary;
  save: (patch: SavePatch) => void;
  flush?: () => Promise<void>;
  disabled: boolean;
}) {
  const s = app.settings;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const [signup, setSignup] = useState(app.isSignupEnabled);
  const [requireLogin, setRequireLogin] = useState(s.requireLogin === true);
  const [values, setValues] = useState<Record<LinkKey, string>>({
    termsOfServiceLink: text(s.termsOfServiceLink),
    privacyPolicyLink: text(s.privacyPolicyLink),
    supportEmail: text(s.supportEmail),
  });
  const [mainPage, setMainPage] = useState(text(s.mainPage));
  const isSpace = app.type === 'SPACE_APP';
  // Apps whose own pages are published (a tool's page is the platform's): what the login guards.
  const hasOwnPages = app.type === 'GEN_APP' || isSpace;
  const pages = usePageNames(app.id, isSpace);
  const mainPageId = useId();
  const published = app.publishedAt !== null;
  const queryClient = useQueryClient();

  /** Signup off takes paid memberships off with it (the server does it with the save; spec 2 §5). */
  const changeSignup = (next: boolean) => {
    setSignup(next);
    save({ isSignupEnabled: next });
    if (next) return;
    const memberships = queryClient.getQueryData<AppPaidMemberships>(paymentKeys.state(app.id));
    if (memberships?.isPaidMembershipsEnabled) {
      queryClient.setQueryData(paymentKeys.state(app.id), {
        ...memberships,
        isPaidMembershipsEnabled: false,
      });
      toast.info(MEMBERSHIP_MESSAGES.switchedOffWithSignup);
    }
  };

  const errorOf = (key: LinkKey, value: string): string | null => {
    const trimmed = value.trim();
    if (trimmed === '') return null;
    if (key === 'supportEmail') return EMAIL.test(trimmed) ? null : SETTINGS_MESSAGES.invalidSupportEmail;
    return LINK.test(trimmed) ? null : SETTINGS_MESSAGES.invalidLink(key);
  };
  const change = (key: LinkKey) => (value: string) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    if (errorOf(key, value) === null) save({ settings: { [key]: value.trim() } satisfies AppSettingsPatch });
  };

  return (
    <div className="flex flex-col gap-4">
      <ToggleField
        label="User signup"
        checked={signup}
        disabled={disabled || (!published && !signup)}
        hint={
          published ? 'Visitors can create accounts in the published app.' : APP_MESSAGES.publishSignupFirst
        }
        onChange={changeSignup}
      />
      {hasOwnPages && (
        <ToggleField
          label="Require login to access"
          checked={requireLogin}
          disabled={disabled}
          hint="Visitors sign in before they see any page of the published app."
          onChange={(next) => {
            setRequireLogin(next);
            save({ settings: { requireLogin: next } });
          }}
        />
      )}
      {signup ? (
        <PaidMembershipsSettings appId={app.id} beforeEnable={flush} />
      ) : (
        <div className="flex flex-col gap-1">
          <span className="font-medium text-sm">Paid memberships</span>
          <p className="text-muted-foreground text-xs">Paid memberships need user signup enabled.</p>
        </div>
      )}
      {isSpace && (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={mainPageId}>Main page</Label>
          <select
            id={mainPageId}
            value={mainPage}
            disabled={disabled}
            className="h-9 rounded-md border border-input bg-background px-3 text-sm"
            onChange={(event) => {
              setMainPage(event.target.value);
              save({ settings: { mainPage: event.target.value } });
            }}
          >
            <option value="">Default (first page)</option>
            {(pages.data ?? []).map((page) => (
              <option key={page} value={page}>
                {page}
              </option>
            ))}
            {mainPage && !(pages.data ?? []).includes(mainPage) && (
              <option value={mainPage}>{mainPage}</option>
            )}
          </select>
        </div>
      )}
      <RequiredField
        label="Terms of service link"
        type="url"
        value={values.termsOfServiceLink}
        error={errorOf('termsOfServiceLink', values.termsOfServiceLink)}
        disabled={disabled}
        needed={signup}
        onChange={change('termsOfServiceLink')}
      />
      <RequiredField
        label="Privacy policy link"
        type="url"
        value={values.privacyPolicyLink}
        error={errorOf('privacyPolicyLink', values.privacyPolicyLink)}
        disabled={disabled}
        needed={signup}
        onChange={change('privacyPolicyLink')}
      />
      <RequiredField
        label="Support e-mail"
        type="email"
        value={values.supportEmail}
        error={errorOf('supportEmail', values.supportEmail)}
        disabled={disabled}
        needed={signup}
        onChange={change('supportEmail')}
      />
    </div>
  );
}
