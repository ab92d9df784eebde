import type { Base44ImportResponse } from '@atelier/shared';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Field, FormError } from '../../auth/components/field.tsx';
import { errorMessage } from '../../auth/error-message.ts';
import { type ImportProgress, uploadBase44Export, useRememberImport } from '../import-api.ts';
import { ImportReport } from './import-report.tsx';

/** The export's zip may not be larger than this (the server's limit, features/base44-import/archive.ts). */
const MAX_ZIP_MB = 200;

/** /home's "Import from Base44": a zip of the exported app, upload progress, then the report. */
export function ImportBase44Form() {
  const inputId = useId();
  const urlId = useId();
  const [url, setUrl] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const remember = useRememberImport();
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const [result, setResult] = useState<Base44ImportResponse | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const file = fileInput.current?.files?.[0];
    if (!file && !url.trim()) return setFileError('Choose the zip of the exported app.');
    if (file && file.size > MAX_ZIP_MB * 1024 * 1024)
      return setFileError(`The zip is larger than ${MAX_ZIP_MB} MB.`);
    setFileError(undefined);
    setResult(null);
    setProgress({ stage: 'uploading', fraction: 0 });
    try {
      const answer = await uploadBase44Export(file ? { file } : { url: url.trim() }, setProgress);
      remember(answer);
      setResult(answer);
      if (fileInput.current) fileInput.current.value = '';
      setUrl('');
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setProgress(null);
    }
  };

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
    >
      <h2 id={`${inputId}-title`} className="font-medium">
        Import from Base44
      </h2>
      <p className="text-muted-foreground text-sm">
        Export your Base44 app to GitHub, then import the repository's zip or its address: its pages, entities
        with their rules, functions and data become a new app.
      </p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <FormError message={failure} />
        <Field id={inputId} label="Exported app (.zip)" error={fileError} hint={`Up to ${MAX_ZIP_MB} MB.`}>
          <Input
            id={inputId}
            ref={fileInput}
            type="file"
            accept=".zip,application/zip"
            disabled={progress !== null}
          />
        </Field>
        <Field
          id={urlId}
          label="Or its Git URL"
          hint="A public https:// repository on github.com, gitlab.com or codeberg.org (used when no zip is chosen)."
        >
          <Input
            id={urlId}
            type="url"
            inputMode="url"
            placeholder="https://github.com/you/your-app"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            disabled={progress !== null}
          />
        </Field>
        {progress && (
          <div className="flex flex-col gap-1" role="status">
            <progress
              aria-label="Import progress"
              className="h-2 w-full"
              max={1}
              value={progress.stage === 'uploading' ? progress.fraction : undefined}
            />
            <p className="text-muted-foreground text-sm">
              {progress.stage === 'uploading'
                ? `Uploading… ${Math.round(progress.fraction * 100)}%`
                : 'Importing: files, entities, functions and data…'}
            </p>
          </div>
        )}
        <Button type="submit" variant="outline" disabled={progress !== null} className="self-start">
          {progress ? 'Importing…' : 'Import'}
        </Button>
      </form>
      {result && (
        <section aria-label="Import report" className="flex flex-col gap-3 border-border border-t pt-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-medium">Imported “{result.app.name}”</p>
            <Button asChild size="sm">
              <Link to={`/build/app/${encodeURIComponent(result.app.id)}`}>Open in the builder</Link>
            </Button>
          </div>
          <ImportReport appId={result.app.id} report={result.report} />
        </section>
      )}
    </section>
  );
}
