import { APP_STYLE_NAMES, type AppStylePatch, type AppSummary } from '@atelier/shared';
import { useId, useState } from 'react';
import { Label } from '../../../components/ui/label.tsx';
import { ImageUpload } from '../../uploads/components/image-upload.tsx';
import type { SavePatch } from '../save-queue.ts';
import { TextField, ToggleField } from './panel-fields.tsx';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

const STYLE_LABELS: Record<(typeof APP_STYLE_NAMES)[number], string> = {
  dark: 'Dark',
  colorful: 'Colorful',
  light: 'Light',
};

const COLOR_FIELDS = [
  ['background', 'Background colour'],
  ['headerTextColor', 'Header colour'],
  ['subheaderTextColor', 'Subheader colour'],
  ['buttonTextColor', 'Button text colour'],
  ['buttonBackgroundColor', 'Button colour'],
] as const satisfies readonly (readonly [keyof AppStylePatch, string])[];

type StyleText = (typeof COLOR_FIELDS)[number][0];

/** Branding panel (spec 2 §2): style, logo and background image (uploaded), colours; hide watermark for admins. */
export function BrandingPanel({
  app,
  save,
  isAdmin,
}: {
  app: AppSummary;
  save: (patch: SavePatch) => void;
  isAdmin: boolean;
}) {
  const styleId = useId();
  const [styleName, setStyleName] = useState(str(app.style.styleName) || 'light');
  const [values, setValues] = useState<Record<StyleText, string>>(
    () =>
      Object.fromEntries(COLOR_FIELDS.map(([key]) => [key, str(app.style[key])])) as Record<
        StyleText,
        string
      >,
  );
  const [hideBuildAI, setHide] = useState(app.style.hideBuildAI === true);
  const [logoUrl, setLogoUrl] = useState(str(app.style.logoUrl));
  const [backgroundImage, setBackgroundImage] = useState(str(app.style.backgroundImage));
  const saveStyle = (patch: AppStylePatch) => save({ style: patch });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={styleId}>Style</Label>
        <select
          id={styleId}
          value={styleName}
          className="h-9 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
          onChange={(event) => {
            const next = event.target.value as (typeof APP_STYLE_NAMES)[number];
            setStyleName(next);
            saveStyle({ styleName: next });
          }}
        >
          {APP_STYLE_NAMES.map((name) => (
            <option key={name} value={name}>
              {STYLE_LABELS[name]}
            </option>
          ))}
        </select>
      </div>
      <ImageUpload
        appId={app.id}
        label="Logo"
        folder="branding"
        value={logoUrl}
        onChange={(url) => {
          setLogoUrl(url ?? '');
          saveStyle({ logoUrl: url });
        }}
      />
      <ImageUpload
        appId={app.id}
        label="Background image"
        folder="branding"
        value={backgroundImage}
        onChange={(url) => {
          setBackgroundImage(url ?? '');
          saveStyle({ backgroundImage: url });
        }}
      />
      {COLOR_FIELDS.map(([key, label]) => (
        <TextField
          key={key}
          label={label}
          value={values[key]}
          onChange={(v) => {
            setValues((previous) => ({ ...previous, [key]: v }));
            saveStyle({ [key]: v || null });
          }}
        />
      ))}
      {isAdmin && (
        <ToggleField
          label="Hide watermark"
          checked={hideBuildAI}
          onChange={(v) => {
            setHide(v);
            saveStyle({ hideBuildAI: v });
          }}
        />
      )}
    </div>
  );
}
