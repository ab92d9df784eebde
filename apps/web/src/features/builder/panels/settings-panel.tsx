import {
  AI_QUERY_METHODS,
  type AppSettingsPatch,
  type AppSummary,
  CREDITS_PER_RUN_MAX,
  MODEL_TEMPERATURE_MAX,
  USER_LIMIT_MAX,
  USER_LIMIT_MIN,
} from '@atelier/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { upgradeLink } from '../../plans/hooks/use-upgrade-dialog.ts';
import type { SavePatch } from '../save-queue.ts';
import { useSettingsAccess } from '../settings-api.ts';
import { ToggleField } from './panel-fields.tsx';
import { AdminSettings } from './settings-admin.tsx';
import { Base44Settings } from './settings-base44.tsx';
import { PublishingSettings } from './settings-publishing.tsx';

export const SETTINGS_LITE_HINT = 'Settings are available on paid plans. Upgrade your plan to edit them.';

function NumberField(props: {
  label: string;
  value: string;
  min: number;
  max: number;
  step?: number;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{props.label}</Label>
      <Input
        id={id}
        type="number"
        min={props.min}
        max={props.max}
        step={props.step ?? 1}
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <p className="text-muted-foreground text-xs">
        {props.min}–{props.max}
      </p>
    </div>
  );
}

/**
 * App settings (spec 2 §2, spec 1 §6): user signup, paid memberships, main page (space apps), terms /
 * privacy / support; daily and weekly user limits (1–100); admins also set the AI model,
 * temperature (0–2, step 0.1), query method, credits per run (0–20, default 1) and whether users can
 * edit results, the app template and the claim settings. Greyed out on the lite plan (the server
 * refuses too).
 */
export function SettingsPanel({
  app,
  save,
  flush,
  isAdmin,
  isLite,
}: {
  app: AppSummary;
  save: (patch: SavePatch) => void;
  flush?: () => Promise<void>;
  isAdmin: boolean;
  isLite: boolean;
}) {
  const s = app.settings;
  const num = (value: unknown) => (typeof value === 'number' ? String(value) : '');
  const [values, setValues] = useState({
    dailyUserLimit: num(s.dailyUserLimit),
    weeklyUserLimit: num(s.weeklyUserLimit),
    modelTemperature: num(s.modelTemperature),
    creditsPerRun: num(s.creditsPerRun),
  });
  const [aiModel, setModel] = useState(typeof s.aiModel === 'string' ? s.aiModel : '');
  const [aiQueryMethod, setMethod] = useState(
    typeof s.aiQueryMethod === 'string' ? s.aiQueryMethod : 'default',
  );
  const [userCanEditResults, setEditable] = useState(s.userCanEditResults === true);
  const disabled = isLite && !isAdmin;
  const access = useSettingsAccess();
  const methodId = useId();
  const modelId = useId();
  const saveSettings = (patch: AppSettingsPatch) => save({ settings: patch });
  const setNumber = (key: keyof typeof values, min: number, max: number) => (raw: string) => {
    setValues((previous) => ({ ...previous, [key]: raw }));
    const value = Number(raw);
    if (raw === '' || Number.isNaN(value) || value < min || value > max) return; // saved once in range
    saveSettings({ [key]: value });
  };
  return (
    <div className="flex flex-col gap-4" aria-disabled={disabled}>
      {disabled && (
        <p className="rounded-md border border-border bg-muted p-2 text-sm">
          {SETTINGS_LITE_HINT}{' '}
          <Link to={upgradeLink()} className="underline">
            Upgrade
          </Link>
        </p>
      )}
      <PublishingSettings app={app} save={save} flush={flush} disabled={disabled} />
      <NumberField
        label="Daily limit per user"
        value={values.dailyUserLimit}
        min={USER_LIMIT_MIN}
        max={USER_LIMIT_MAX}
        disabled={disabled}
        onChange={setNumber('dailyUserLimit', USER_LIMIT_MIN, USER_LIMIT_MAX)}
      />
      <NumberField
        label="Weekly limit per user"
        value={values.weeklyUserLimit}
        min={USER_LIMIT_MIN}
        max={USER_LIMIT_MAX}
        disabled={disabled}
        onChange={setNumber('weeklyUserLimit', USER_LIMIT_MIN, USER_LIMIT_MAX)}
      />
      {isAdmin && (
        <>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={modelId}>AI model</Label>
            <Input
              id={modelId}
              value={aiModel}
              onChange={(event) => {
                setModel(event.target.value);
                if (event.target.value.trim()) saveSettings({ aiModel: event.target.value.trim() });
              }}
            />
          </div>
          <NumberField
            label="Temperature"
            value={values.modelTemperature}
            min={0}
            max={MODEL_TEMPERATURE_MAX}
            step={0.1}
            disabled={false}
            onChange={setNumber('modelTemperature', 0, MODEL_TEMPERATURE_MAX)}
          />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={methodId}>Query method</Label>
            <select
              id={methodId}
              value={aiQueryMethod}
              className="h-9 rounded-md border border-input bg-background px-3 text-sm"
              onChange={(event) => {
                const next = event.target.value as (typeof AI_QUERY_METHODS)[number];
                setMethod(next);
                saveSettings({ aiQueryMethod: next });
              }}
            >
              {AI_QUERY_METHODS.map((method) => (
                <option key={method} value={method}>
                  {method}
                </option>
              ))}
            </select>
          </div>
          <NumberField
            label="Credits per run"
            value={values.creditsPerRun}
            min={0}
            max={CREDITS_PER_RUN_MAX}
            disabled={false}
            onChange={setNumber('creditsPerRun', 0, CREDITS_PER_RUN_MAX)}
          />
          <ToggleField
            label="Users can edit results"
            checked={userCanEditResults}
            onChange={(v) => {
              setEditable(v);
              saveSettings({ userCanEditResults: v });
            }}
          />
          <AdminSettings app={app} save={save} isTemplateAdmin={access.data?.isTemplateAdmin === true} />
        </>
      )}
      {app.type === 'GEN_APP' && <Base44Settings appId={app.id} />}
    </div>
  );
}
