import type { AppSummary } from '@atelier/shared';
import { useState } from 'react';
import type { SavePatch } from '../save-queue.ts';
import { TextField } from './panel-fields.tsx';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** Call to action panel (spec 2 §2): message, button text, button link. */
export function CtaPanel({ app, save }: { app: AppSummary; save: (patch: SavePatch) => void }) {
  const [ctaMessage, setMessage] = useState(str(app.builder.ctaMessage));
  const [ctaButton, setButton] = useState(str(app.builder.ctaButton));
  const [ctaLink, setLink] = useState(str(app.builder.ctaLink));
  return (
    <div className="flex flex-col gap-4">
      <TextField
        label="Message"
        value={ctaMessage}
        multiline
        onChange={(v) => {
          setMessage(v);
          save({ ctaMessage: v });
        }}
      />
      <TextField
        label="Button text"
        value={ctaButton}
        onChange={(v) => {
          setButton(v);
          save({ ctaButton: v });
        }}
      />
      <TextField
        label="Button link"
        value={ctaLink}
        placeholder="https://"
        onChange={(v) => {
          setLink(v);
          save({ ctaLink: v });
        }}
      />
    </div>
  );
}
