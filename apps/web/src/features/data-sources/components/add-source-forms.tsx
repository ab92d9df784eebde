import { type ContextItemsResponse, DATA_SOURCE_MESSAGES } from '@atelier/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useIngestText, useIngestWeb, useUploadFiles } from '../api.ts';

type Limits = ContextItemsResponse['limits'];

/**
 * A refusal the server explains (spec 1 §7: 400-level errors carry a code and message — too big, no
 * headers, the plan's limit) shows its message; anything else (no answer, not found, a server
 * error) the spec's own: 'Failed to upload context, try again later' for files, 'Error saving data,
 * please try again or contact support via chat' for text and web pages (issue 23 #15).
 */
function errorText(error: unknown, fallback: string): string {
  const explained =
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401 &&
    error.status !== 404 &&
    error.message !== '';
  return explained ? error.message : fallback;
}

export function AddTextForm({ appId, disabled }: { appId: string; disabled: boolean }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const ingest = useIngestText(appId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return setError(DATA_SOURCE_MESSAGES.enterText);
    setError(undefined);
    ingest.mutate(text, {
      onSuccess: () => setText(''),
      onError: (e) => toast.error(errorText(e, DATA_SOURCE_MESSAGES.saveFailed)),
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-2" noValidate>
      <Label htmlFor={id}>Text</Label>
      <Textarea
        id={id}
        rows={4}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Paste or type facts, policies, answers…"
        aria-invalid={error ? true : undefined}
      />
      {error && <p className="text-destructive text-sm">{error}</p>}
      <Button type="submit" disabled={disabled || ingest.isPending} className="justify-self-end">
        Add text
      </Button>
    </form>
  );
}

export function UploadForm(props: {
  appId: string;
  disabled: boolean;
  limits: Limits;
  label: string;
  accept: string;
  hint: string;
}) {
  const id = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string>();
  const upload = useUploadFiles(props.appId);
  const multiple = props.limits.filesPerUpload > 1;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (files.length === 0) return setError(DATA_SOURCE_MESSAGES.uploadFile);
    setError(undefined);
    upload.mutate(files, {
      onSuccess: () => setFiles([]),
      onError: (e) => setError(errorText(e, DATA_SOURCE_MESSAGES.uploadFailed)),
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-2" noValidate>
      <Label htmlFor={id}>{props.label}</Label>
      <Input
        key={files.length === 0 ? 'empty' : 'chosen'}
        id={id}
        type="file"
        accept={props.accept}
        multiple={multiple}
        onChange={(e) => setFiles([...(e.target.files ?? [])])}
        aria-invalid={error ? true : undefined}
      />
      <p className="text-muted-foreground text-xs">
        {props.hint} Up to {Math.round(props.limits.uploadBytes / (1024 * 1024))} MB per file
        {multiple ? `, ${props.limits.filesPerUpload} files at once` : ''}.
      </p>
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <Button type="submit" disabled={props.disabled || upload.isPending} className="justify-self-end">
        Upload
      </Button>
    </form>
  );
}

export function WebPageForm({
  appId,
  disabled,
  limits,
}: {
  appId: string;
  disabled: boolean;
  limits: Limits;
}) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();
  const ingest = useIngestWeb(appId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim() === '') return setError('Enter a web address');
    setError(undefined);
    ingest.mutate(
      { url: url.trim() },
      {
        onSuccess: () => setUrl(''),
        onError: (e) => setError(errorText(e, DATA_SOURCE_MESSAGES.saveFailed)),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-2" noValidate>
      <Label htmlFor={id}>Website URL</Label>
      <Input
        id={id}
        type="url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        placeholder="https://example.com"
      />
      <p className="text-muted-foreground text-xs">
        Reads up to {limits.scraperPages} pages of the same site, {limits.scraperDepth} links deep, respecting
        robots.txt.
      </p>
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <Button type="submit" disabled={disabled || ingest.isPending} className="justify-self-end">
        Add web page
      </Button>
    </form>
  );
}
