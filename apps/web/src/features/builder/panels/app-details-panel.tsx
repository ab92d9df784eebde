import { APP_MESSAGES, APP_NAME_MAX_LENGTH, type AppSummary } from '@atelier/shared';
import { useId, useState } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { ImageUpload } from '../../uploads/components/image-upload.tsx';
import type { SavePatch } from '../save-queue.ts';
import { TextField } from './panel-fields.tsx';

/**
 * App details (spec 2 §2, the space app's first entry): the app's name, its description and its
 * icon (the logo the app shows; the Branding panel's Logo of other app types). Saved like every
 * panel (debounced partial PATCH); an empty name is not sent and says why.
 */
export function AppDetailsPanel({ app, save }: { app: AppSummary; save: (patch: SavePatch) => void }) {
  const nameId = useId();
  const [name, setName] = useState(app.name);
  const [description, setDescription] = useState(app.description ?? '');
  const [icon, setIcon] = useState(typeof app.style.logoUrl === 'string' ? app.style.logoUrl : '');
  const nameProblem = name.trim() === '' ? APP_MESSAGES.nameRequired : null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={nameId}>Name</Label>
        <Input
          id={nameId}
          value={name}
          maxLength={APP_NAME_MAX_LENGTH}
          aria-invalid={nameProblem !== null}
          aria-describedby={nameProblem ? `${nameId}-problem` : undefined}
          onChange={(event) => {
            setName(event.target.value);
            if (event.target.value.trim() !== '') save({ name: event.target.value.trim() });
          }}
        />
        {nameProblem && (
          <p id={`${nameId}-problem`} className="text-destructive text-xs">
            {nameProblem}
          </p>
        )}
      </div>
      <TextField
        label="Description"
        value={description}
        multiline
        onChange={(value) => {
          setDescription(value);
          save({ description: value });
        }}
      />
      <ImageUpload
        appId={app.id}
        label="Icon"
        folder="branding"
        value={icon}
        onChange={(url) => {
          setIcon(url ?? '');
          save({ style: { logoUrl: url } });
        }}
      />
    </div>
  );
}
