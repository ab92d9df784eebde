import { fileName, renameImports } from '@atelier/shared';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { errorMessage } from '../../auth/error-message.ts';
import { codeEditorApi } from '../api.ts';
import { newPathProblem } from '../path-problem.ts';
import { PathField } from './path-field.tsx';

/**
 * Rename (admins): the file moves to the path typed and every import that named it is rewritten to
 * the new path in the same version (the dialog lists those files before the builder confirms).
 */
export function RenameFileDialog({
  appId,
  file,
  files,
  busy,
  onClose,
  onRenamed,
}: {
  appId: string;
  /** The file to rename; null: closed. */
  file: { id: string; path: string } | null;
  /** The app's files as the editor shows them (the imports to update are previewed from them). */
  files: readonly { path: string; content: string }[];
  /** An edit is still being saved: renaming waits for it (the rename writes the importers). */
  busy: () => boolean;
  onClose: () => void;
  onRenamed: () => void;
}) {
  const [path, setPath] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setPath(file?.path ?? '');
    setProblem(null);
  }, [file]);
  const wanted = path.trim();
  const importers = useMemo(
    () =>
      file && wanted && wanted !== file.path && newPathProblem(wanted, []) === null
        ? renameImports(files, file.path, wanted).filter((u) => u.path !== file.path)
        : [],
    [files, file, wanted],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    if (wanted === file.path) return onClose();
    const invalid = newPathProblem(
      wanted,
      files.map((f) => f.path),
    );
    if (invalid) return setProblem(invalid);
    if (busy()) return setProblem('Wait until your edits are saved, then rename');
    setSaving(true);
    try {
      const renamed = await codeEditorApi.rename(appId, file.id, wanted);
      const n = renamed.updatedImports.length;
      toast.success(
        `Renamed ${fileName(file.path)} to ${fileName(renamed.file.path)}${
          n > 0 ? `; imports updated in ${n} ${n === 1 ? 'file' : 'files'}` : ''
        }`,
      );
      onRenamed();
      onClose();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={file !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Rename {file ? fileName(file.path) : ''}</DialogTitle>
            <DialogDescription>
              A new name or folder; imports of this file in other files are updated to the new path.
            </DialogDescription>
          </DialogHeader>
          <PathField
            path={path}
            problem={problem}
            onChange={(next) => {
              setPath(next);
              setProblem(null);
            }}
          />
          {importers.length > 0 ? (
            <div className="text-sm">
              <p>Imports to update:</p>
              <ul aria-label="Imports to update" className="font-mono text-muted-foreground text-xs">
                {importers.map((u) => (
                  <li key={u.path} className="truncate">
                    {u.path}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Renaming…' : 'Rename'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
