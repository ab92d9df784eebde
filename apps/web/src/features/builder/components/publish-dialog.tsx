import {
  type AppSummary,
  appTitle,
  featuresFromLines,
  featuresToLines,
  type PublishAppForm,
  publishAppFormSchema,
  slugFromName,
} from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { CopyIcon, ExternalLink, Rocket } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppDomains, usePublishApp } from '../../apps/api.ts';
import { Field, FormError } from '../../auth/components/field.tsx';
import { errorMessage } from '../../auth/error-message.ts';

/**
 * Publish (spec 2 §7): header, description, instructions (gptPrompt), background and features
 * (one per line), then the current version becomes the published
 * one. It ends on where the app went (issue 19 item 8): the full address as the server answers
 * it, Copy, Open, and the app's verified custom domains. While the assistant's reply is still
 * changing the app (`busy`), publishing waits: it would publish the version before the reply.
 */
export function PublishDialog({ app, busy = false }: { app: AppSummary; busy?: boolean }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [publishedUrl, setPublishedUrl] = useState<string | null>(null);
  const publish = usePublishApp(app.id);
  const form = useForm<PublishAppForm>({
    resolver: zodResolver(publishAppFormSchema),
    values: {
      header: app.header ?? app.name,
      description: app.description ?? '',
      gptPrompt: app.gptPrompt ?? '',
      background: app.background ?? '',
      features: featuresToLines(app.features),
      slug: app.slug ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await publish.mutateAsync({
        header: values.header || null,
        description: values.description || null,
        gptPrompt: values.gptPrompt || null,
        background: values.background || null,
        features: featuresFromLines(values.features),
        ...(values.slug ? { slug: values.slug } : {}),
      });
      setPublishedUrl(answer.app.publishedUrl ?? answer.url);
    } catch (error) {
      // A taken or refused address is said under the address field.
      if (error instanceof ApiError && (error.code === 'slug_taken' || error.code === 'invalid_slug')) {
        form.setError('slug', { message: error.message }, { shouldFocus: true });
      } else setFailure(errorMessage(error));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setFailure(null);
          setPublishedUrl(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm">
          <Rocket aria-hidden="true" />
          Publish
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        {publishedUrl ? (
          <Published app={app} url={publishedUrl} onDone={() => setOpen(false)} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Publish {appTitle(app)}</DialogTitle>
              <DialogDescription>
                Visitors see the current version of the app. Later changes stay private until you publish
                again.
              </DialogDescription>
            </DialogHeader>
            <form onSubmit={submit} noValidate className="flex flex-col gap-4">
              <FormError message={failure} />
              <Field
                id="publish-slug"
                label="Address"
                error={errors.slug?.message}
                hint={`The app's own address starts with this name. Empty: ${app.slug ?? slugFromName(app.name)}.`}
              >
                <Input
                  id="publish-slug"
                  placeholder={app.slug ?? slugFromName(app.name)}
                  autoCapitalize="none"
                  spellCheck={false}
                  {...form.register('slug')}
                />
              </Field>
              <Field id="publish-header" label="Header" error={errors.header?.message}>
                <Input id="publish-header" {...form.register('header')} />
              </Field>
              <Field id="publish-description" label="Description" error={errors.description?.message}>
                <Textarea id="publish-description" rows={3} {...form.register('description')} />
              </Field>
              <Field id="publish-instructions" label="Instructions" error={errors.gptPrompt?.message}>
                <Textarea id="publish-instructions" rows={3} {...form.register('gptPrompt')} />
              </Field>
              <Field id="publish-background" label="Background" error={errors.background?.message}>
                <Textarea id="publish-background" rows={2} {...form.register('background')} />
              </Field>
              <Field id="publish-features" label="Features (one per line)" error={errors.features?.message}>
                <Textarea id="publish-features" rows={3} {...form.register('features')} />
              </Field>
              {busy && (
                <p role="status" className="text-muted-foreground text-sm">
                  The assistant is still changing the app. Publish when its reply has finished.
                </p>
              )}
              <DialogFooter>
                <Button type="submit" disabled={isSubmitting || busy}>
                  {isSubmitting ? 'Publishing…' : app.publishedAt ? 'Publish changes' : 'Publish app'}
                </Button>
              </DialogFooter>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The success step: the address, Copy and Open, and the verified custom domains. */
function Published({ app, url, onDone }: { app: AppSummary; url: string; onDone: () => void }) {
  const addressId = useId();
  const domains = useAppDomains(app.id);
  const verified = (domains.data?.domains ?? []).filter((domain) => domain.verified);

  const copy = () =>
    void navigator.clipboard
      ?.writeText(url)
      .then(() => toast.success('Address copied'))
      .catch(() => toast.error('Could not copy; select the address and copy it'));

  return (
    <>
      <DialogHeader>
        <DialogTitle>{appTitle(app)} is live</DialogTitle>
        <DialogDescription>Anyone with the address can open it. Share it with your users.</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-2">
        <Label htmlFor={addressId}>Address</Label>
        <div className="flex gap-2">
          <Input
            id={addressId}
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-xs"
          />
          <Button type="button" variant="outline" onClick={copy}>
            <CopyIcon aria-hidden="true" />
            Copy
          </Button>
        </div>
      </div>
      {verified.length > 0 && (
        <div className="flex flex-col gap-1 text-sm">
          <span className="font-medium">Custom domain</span>
          {verified.map((domain) => (
            <a
              key={domain.domain}
              href={`${new URL(url).protocol}//${domain.domain}`}
              target="_blank"
              rel="noopener noreferrer"
              className="text-primary underline-offset-4 hover:underline"
            >
              {domain.domain}
            </a>
          ))}
        </div>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Done
        </Button>
        <Button asChild>
          <a href={url} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            Open
          </a>
        </Button>
      </DialogFooter>
    </>
  );
}
