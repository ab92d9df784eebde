import { type AppSummary, type PublishAppForm, publishAppFormSchema } from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Rocket } from 'lucide-react';
import { useState } from 'react';
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
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { usePublishApp } from '../../apps/api.ts';
import { Field, FormError } from '../../auth/components/field.tsx';
import { errorMessage } from '../../auth/error-message.ts';

/** Publish (spec 2 §7): header and description, then the current version becomes the published one. */
export function PublishDialog({ app }: { app: AppSummary }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const publish = usePublishApp(app.id);
  const form = useForm<PublishAppForm>({
    resolver: zodResolver(publishAppFormSchema),
    values: { header: app.header ?? app.name, description: app.description ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await publish.mutateAsync({ header: values.header || null, description: values.description || null });
      setOpen(false);
      toast.success(app.publishedAt ? 'Published the latest version' : 'Your app is published');
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setFailure(null);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm">
          <Rocket aria-hidden="true" />
          Publish
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Publish {app.name}</DialogTitle>
          <DialogDescription>
            Visitors see the current version of the app. Later changes stay private until you publish again.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormError message={failure} />
          <Field id="publish-header" label="Header" error={errors.header?.message}>
            <Input id="publish-header" {...form.register('header')} />
          </Field>
          <Field id="publish-description" label="Description" error={errors.description?.message}>
            <Textarea id="publish-description" rows={3} {...form.register('description')} />
          </Field>
          <DialogFooter>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Publishing…' : app.publishedAt ? 'Publish changes' : 'Publish app'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
