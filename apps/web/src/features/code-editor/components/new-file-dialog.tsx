import { FilePlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
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
import { errorMessage } from '../../auth/error-message.ts';
import { codeEditorApi } from '../api.ts';
import { newPathProblem } from '../path-problem.ts';
import { PathField } from './path-field.tsx';

/** "New file" (admins): a path such as components/Card.jsx; the file is created empty, in a new version. */
export function NewFileDialog({
  appId,
  existingPaths,
  onCreated,
}: {
  appId: string;
  /** The app's files: a path already taken is refused (creating would overwrite it). */
  existingPaths: readonly string[];
  onCreated: (path: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [path, setPath] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = path.trim();
    const invalid = newPathProblem(wanted, existingPaths);
    if (invalid) return setProblem(invalid);
    setBusy(true);
    try {
      const created = await codeEditorApi.create(appId, wanted);
      setOpen(false);
      setPath('');
      setProblem(null);
      onCreated(created.file.path);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <FilePlus aria-hidden="true" />
          New file
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>New file</DialogTitle>
            <DialogDescription>
              Its folder decides what it is: pages/, components/, services/, functions/.
            </DialogDescription>
          </DialogHeader>
          <PathField
            path={path}
            problem={problem}
            placeholder="components/Card.jsx"
            onChange={(next) => {
              setPath(next);
              setProblem(null);
            }}
          />
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              {busy ? 'Creating…' : 'Create'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
