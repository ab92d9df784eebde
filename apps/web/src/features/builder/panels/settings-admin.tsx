import {
  type AppSummary,
  CLAIM_MESSAGES,
  type ClaimInvitation,
  claimInvitationText,
  SETTINGS_MESSAGES,
} from '@atelier/shared';
import { XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { SavePatch } from '../save-queue.ts';
import { fetchClaimInvitation } from '../settings-api.ts';
import { ToggleField } from './panel-fields.tsx';

/** Template categories: add by name (not empty, not already there ignoring case) and remove. */
function CategoriesField({ initial, onChange }: { initial: string[]; onChange: (next: string[]) => void }) {
  const [categories, setCategories] = useState(initial);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const update = (next: string[]) => {
    setCategories(next);
    onChange(next);
  };
  const add = () => {
    const name = draft.trim();
    if (!name) return setError(SETTINGS_MESSAGES.categoryEmpty);
    if (categories.some((c) => c.toLowerCase() === name.toLowerCase()))
      return setError(SETTINGS_MESSAGES.categoryExists);
    setError(null);
    setDraft('');
    update([...categories, name]);
  };
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>Template categories</Label>
      <ul className="flex flex-wrap gap-1" aria-label="Template categories">
        {categories.map((category) => (
          <li
            key={category}
            className="flex items-center gap-1 rounded-md border border-border px-2 py-0.5 text-xs"
          >
            {category}
            <button
              type="button"
              aria-label={`Remove ${category}`}
              onClick={() => update(categories.filter((c) => c !== category))}
            >
              <XIcon aria-hidden="true" className="size-3" />
            </button>
          </li>
        ))}
      </ul>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          aria-invalid={error !== null}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button type="button" variant="outline" size="sm" onClick={add}>
          Add
        </Button>
      </div>
      {error && <p className="text-destructive text-xs">{error}</p>}
    </div>
  );
}

/** The claim invitation: copies the invitation text (link and code) and shows them. */
function ClaimInvite({ app }: { app: AppSummary }) {
  const [invitation, setInvitation] = useState<ClaimInvitation | null>(null);
  const copy = async () => {
    if (app.publishedAt === null) {
      toast.error(CLAIM_MESSAGES.publishFirst);
      return;
    }
    try {
      const answer = await fetchClaimInvitation(app.id);
      setInvitation(answer);
      try {
        await navigator.clipboard.writeText(
          claimInvitationText(app.name, answer.inviteLink, answer.claimCode),
        );
      } catch {
        // The link and code stay on screen when the clipboard is not available.
      }
      toast.copied(CLAIM_MESSAGES.copied);
    } catch (error) {
      const detail = error instanceof ApiError ? error.message : undefined;
      toast.error(CLAIM_MESSAGES.getInvitationFailed, detail ? { description: detail } : undefined);
    }
  };
  return (
    <div className="flex flex-col gap-1.5">
      <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
        Copy invite link
      </Button>
      {invitation && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
          <dt className="text-muted-foreground">Invite link</dt>
          <dd className="break-all" data-testid="claim-invite-link">
            {invitation.inviteLink}
          </dd>
          <dt className="text-muted-foreground">Claim code</dt>
          <dd className="font-mono" data-testid="claim-code">
            {invitation.claimCode}
          </dd>
        </dl>
      )}
    </div>
  );
}

/**
 * Admin settings (spec 2 §2, §6; spec 1 §6): the app template toggle and categories, the tool
 * template library switch (allow-listed accounts only) and the claim settings.
 */
export function AdminSettings({
  app,
  save,
  isTemplateAdmin,
}: {
  app: AppSummary;
  save: (patch: SavePatch) => void;
  isTemplateAdmin: boolean;
}) {
  const s = app.settings;
  const [flags, setFlags] = useState({
    isAppTemplate: s.isAppTemplate === true,
    isToolTemplate: s.isToolTemplate === true,
    isClaimable: s.isClaimable === true,
    requireBuilderCollaboratorAccount: s.requireBuilderCollaboratorAccount === true,
  });
  const flag = (key: keyof typeof flags) => (value: boolean) => {
    setFlags((previous) => ({ ...previous, [key]: value }));
    save({ settings: { [key]: value } });
  };
  const categories = Array.isArray(s.templateCategories)
    ? s.templateCategories.filter((c): c is string => typeof c === 'string')
    : [];
  return (
    <section aria-label="Admin settings" className="flex flex-col gap-4 border-border border-t pt-4">
      <ToggleField label="App template" checked={flags.isAppTemplate} onChange={flag('isAppTemplate')} />
      {flags.isAppTemplate && (
        <CategoriesField
          initial={categories}
          onChange={(next) => save({ settings: { templateCategories: next } })}
        />
      )}
      {isTemplateAdmin && (
        <ToggleField
          label="Tool template library"
          checked={flags.isToolTemplate}
          onChange={flag('isToolTemplate')}
        />
      )}
      <ToggleField label="Claimable app" checked={flags.isClaimable} onChange={flag('isClaimable')} />
      {flags.isClaimable && (
        <>
          <ToggleField
            label="Require builder collaborator account"
            hint="The builder stays on the app as a collaborator after the customer claims it."
            checked={flags.requireBuilderCollaboratorAccount}
            onChange={flag('requireBuilderCollaboratorAccount')}
          />
          <ClaimInvite app={app} />
        </>
      )}
    </section>
  );
}
