import {
  IMAGE_UPLOADED_TOAST_MS,
  imageUploadProblem,
  UPLOAD_MESSAGES,
  type UploadFolder,
} from '@atelier/shared';
import { ImageIcon, Loader2Icon, XIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { uploadImage } from '../api.ts';

export interface ImageUploadProps {
  /** The app the image belongs to (its owner uploads). */
  appId: string;
  /** Visible label; also names the file input ("Upload {label}") for assistive tech and tests. */
  label: string;
  /** The current image address, if any. */
  value: string | null | undefined;
  /** Called with the uploaded image's address (`/api/uploads/…`), or null when removed. */
  onChange: (url: string | null) => void;
  /** Storage folder under accounts/{accountId}/apps/{appId}/ (default 'files'). */
  folder?: UploadFolder;
  /** A small square (option icons) instead of the wide preview. */
  compact?: boolean;
  /** Hide the visible label (compact use inside a row that labels itself). */
  hideLabel?: boolean;
  disabled?: boolean;
  className?: string;
}

/**
 * Picks an image, uploads it (images only, under 10,000,000 bytes; 'File size to large' above) and
 * hands its address back. Shows 'Image uploaded successfully!' for 3 s; errors stay under the control.
 */
export function ImageUpload({
  appId,
  label,
  value,
  onChange,
  folder = 'files',
  compact = false,
  hideLabel = false,
  disabled = false,
  className,
}: ImageUploadProps) {
  const inputId = useId();
  const statusId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(false), IMAGE_UPLOADED_TOAST_MS);
    return () => clearTimeout(timer);
  }, [done]);

  const pick = async (file: File | undefined) => {
    setError(null);
    setDone(false);
    const problem = imageUploadProblem(file);
    if (problem || !file) {
      setError(problem ?? UPLOAD_MESSAGES.notFound);
      return;
    }
    setBusy(true);
    try {
      const uploaded = await uploadImage(appId, file, folder);
      onChange(uploaded.url);
      setDone(true);
    } catch (cause) {
      setError(cause instanceof ApiError && cause.status !== 0 ? cause.message : UPLOAD_MESSAGES.failed);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      {!hideLabel && <Label htmlFor={inputId}>{label}</Label>}
      <div className="flex items-center gap-2">
        <div
          className={cn(
            'flex shrink-0 items-center justify-center overflow-hidden rounded-md border border-border bg-muted',
            compact ? 'size-8' : 'h-16 w-24',
          )}
        >
          {value ? (
            <img src={value} alt={`${label} preview`} className="size-full object-contain" />
          ) : (
            <ImageIcon aria-hidden="true" className="size-4 text-muted-foreground" />
          )}
        </div>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          aria-label={`Upload ${label}`}
          aria-describedby={statusId}
          disabled={disabled || busy}
          onChange={(event) => void pick(event.target.files?.[0])}
        />
        <Button
          variant="outline"
          size={compact ? 'icon-sm' : 'sm'}
          disabled={disabled || busy}
          aria-label={compact ? `Choose ${label}` : undefined}
          onClick={() => input.current?.click()}
        >
          {busy ? (
            <Loader2Icon aria-hidden="true" className="animate-spin" />
          ) : (
            <ImageIcon aria-hidden="true" />
          )}
          {!compact && (value ? 'Replace' : 'Upload')}
        </Button>
        {value && (
          <Button
            variant="ghost"
            size={compact ? 'icon-sm' : 'sm'}
            disabled={disabled || busy}
            aria-label={`Remove ${label}`}
            onClick={() => {
              setError(null);
              onChange(null);
            }}
          >
            <XIcon aria-hidden="true" />
          </Button>
        )}
      </div>
      <div id={statusId} aria-live="polite">
        {error && (
          <p role="alert" className="text-destructive text-xs">
            {error}
          </p>
        )}
        {done && <p className="text-muted-foreground text-xs">{UPLOAD_MESSAGES.uploaded}</p>}
      </div>
    </div>
  );
}
