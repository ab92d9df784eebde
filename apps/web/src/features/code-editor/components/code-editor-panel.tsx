import {
  AUTOSAVE_DEBOUNCE_MS,
  CODE_EDITOR_MESSAGES,
  type EditorSaveStatus,
  estimateTokens,
  type FileReferencesResponse,
  fileName,
  findInFiles,
  groupAppFiles,
  isReadOnlyFile,
  LARGE_FILE_LINE_THRESHOLD,
  lineCount,
  SAVED_STATUS_MS,
} from '@atelier/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { strToU8, zipSync } from 'fflate';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { functionsKeys } from '../../functions/api.ts';
import { FunctionRow } from '../../functions/components/function-row.tsx';
import { SecretsDialog } from '../../secrets/components/secrets-dialog.tsx';
import { codeEditorApi, codeEditorKeys } from '../api.ts';
import { AllChangesButton } from './all-changes-button.tsx';
import { CodeMirror } from './code-mirror.tsx';
import { DeployAllButton, FunctionStatusBadge, useEditorFunctions } from './editor-functions.tsx';
import { FileHistoryDialog } from './file-history-dialog.tsx';
import { NewFileDialog } from './new-file-dialog.tsx';
import { PackagesList } from './packages-list.tsx';
import { RenameFileDialog } from './rename-file-dialog.tsx';
import { ValidationTesterDialog } from './validation-tester-dialog.tsx';

const WRAP_KEY = 'atelier.editor.wrap';
/** The wrap toggle is kept per browser (default on: no sideways scrolling behind the gutter). */
const readWrap = () =>
  typeof window === 'undefined' ? true : window.localStorage.getItem(WRAP_KEY) !== 'false';
const writeWrap = (on: boolean) => window.localStorage.setItem(WRAP_KEY, String(on));

const STATUS_TEXT: Record<EditorSaveStatus, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  error: CODE_EDITOR_MESSAGES.saveFailed,
};

export interface CodeEditorPanelProps {
  appId: string;
  appName: string;
  isAdmin: boolean;
  /** Called after a save or delete made a new version (the preview reloads). */
  onNewVersion?: () => void;
}

/** The code editor panel (spec 1 §2): file tree, "Find in files", CodeMirror, autosave, Download Code, delete. */
export function CodeEditorPanel({ appId, appName, isAdmin, onNewVersion }: CodeEditorPanelProps) {
  const client = useQueryClient();
  const files = useQuery({
    queryKey: codeEditorKeys.files(appId),
    queryFn: ({ signal }) => codeEditorApi.files(appId, signal),
    retry: false,
  });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [jumpLine, setJumpLine] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<EditorSaveStatus>('idle');
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<FileReferencesResponse | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [historyOf, setHistoryOf] = useState<{ id: string; path: string } | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; path: string } | null>(null);
  const [revision, setRevision] = useState(0);
  const [testerOpen, setTesterOpen] = useState(false);
  const [secretsOpen, setSecretsOpen] = useState(false);
  const [wrap, setWrap] = useState(() => readWrap());
  const openSecrets = () => setSecretsOpen(true);
  const functions = useEditorFunctions(appId, openSecrets);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** An edit waits for its autosave, or the save is running: the diff view waits for it. */
  const saveInFlight = useRef(false);
  const savedTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const tree = files.data?.files ?? [];
  const withDrafts = useMemo(
    () => tree.map((f) => (drafts[f.id] !== undefined ? { ...f, content: drafts[f.id] ?? f.content } : f)),
    [tree, drafts],
  );
  // `?file=` (links from elsewhere, such as an import report's functions) opens that file first.
  const [params] = useSearchParams();
  const linked = params.get('file');
  const selected =
    withDrafts.find((f) => f.id === selectedId) ??
    (linked ? withDrafts.find((f) => f.path === linked) : undefined) ??
    withDrafts[0] ??
    null;
  const matches = useMemo(() => findInFiles(withDrafts, query), [withDrafts, query]);
  const readOnly = !isAdmin || (selected ? isReadOnlyFile(selected.path) : true);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      if (savedTimer.current) clearTimeout(savedTimer.current);
    },
    [],
  );

  const save = async (id: string, content: string) => {
    setStatus('saving');
    saveInFlight.current = true;
    try {
      const saved = await codeEditorApi.save(appId, { id, content });
      saveInFlight.current = false;
      setStatus('saved');
      onNewVersion?.();
      // A saved function is deployed with it (issue 23 #1): the result shows in its row and a toast.
      functions.deployOnSave(saved.file.path);
      void client.invalidateQueries({ queryKey: codeEditorKeys.versions(appId) });
      if (savedTimer.current) clearTimeout(savedTimer.current);
      savedTimer.current = setTimeout(() => setStatus('idle'), SAVED_STATUS_MS);
    } catch {
      saveInFlight.current = false;
      setStatus('error');
      toast.error(CODE_EDITOR_MESSAGES.saveFailed);
    }
  };

  const afterMerge = async () => {
    setDrafts({});
    setRevision((r) => r + 1);
    await client.invalidateQueries({ queryKey: codeEditorKeys.files(appId) });
    void client.invalidateQueries({ queryKey: codeEditorKeys.versions(appId) });
    // A renamed function file took its deployment along (the server moved it).
    void client.invalidateQueries({ queryKey: functionsKeys.all(appId) });
    onNewVersion?.();
  };

  const onChange = (content: string) => {
    if (!selected || readOnly) return;
    const id = selected.id;
    setDrafts((d) => ({ ...d, [id]: content }));
    saveInFlight.current = true;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(id, content), AUTOSAVE_DEBOUNCE_MS);
  };

  const download = () => {
    const zipped = zipSync(Object.fromEntries(withDrafts.map((f) => [f.path, strToU8(f.content)])));
    const url = URL.createObjectURL(new Blob([zipped as BlobPart], { type: 'application/zip' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${appName || 'app'}.zip`;
    a.click();
    URL.revokeObjectURL(url);
  };

  const askDelete = async () => {
    if (!selected) return;
    try {
      setDeleting(await codeEditorApi.references(appId, selected.id));
    } catch {
      toast.error(CODE_EDITOR_MESSAGES.deleteFailed);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await codeEditorApi.remove(
        appId,
        deleting.file.id,
        deleting.referencesToUpdate.map(({ path, content }) => ({ path, content })),
      );
      toast.success(CODE_EDITOR_MESSAGES.deleted(fileName(deleting.file.path)));
      setDeleting(null);
      setSelectedId(null);
      setDrafts({});
      await client.invalidateQueries({ queryKey: codeEditorKeys.files(appId) });
      // A deleted function file is no longer deployed.
      void client.invalidateQueries({ queryKey: functionsKeys.all(appId) });
      onNewVersion?.();
    } catch {
      toast.error(CODE_EDITOR_MESSAGES.deleteFailed);
    } finally {
      setDeleteBusy(false);
    }
  };

  if (files.isError) {
    return (
      <div className="p-4 text-sm" role="alert">
        <p>{CODE_EDITOR_MESSAGES.loadFailed}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void files.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (files.isPending) return <p className="p-4 text-sm text-muted-foreground">Loading code…</p>;

  const totalTokens = withDrafts.reduce((sum, f) => sum + estimateTokens(f.content), 0);
  const selectedFunction = selected ? functions.byPath.get(selected.path) : undefined;
  const large = selected ? lineCount(selected.content) > LARGE_FILE_LINE_THRESHOLD : false;

  return (
    <section aria-label="Code editor" className="flex h-full min-h-0 flex-col">
      <div className="flex items-center gap-2 border-b p-2">
        <Input
          aria-label={CODE_EDITOR_MESSAGES.findInFiles}
          placeholder={CODE_EDITOR_MESSAGES.findInFiles}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="h-8 max-w-64"
        />
        {isAdmin ? (
          <span className="text-xs text-muted-foreground" data-testid="code-stats">
            {withDrafts.length} files · ~{totalTokens.toLocaleString('en-US')} tokens
          </span>
        ) : null}
        <span className="ml-auto text-xs" role="status" aria-live="polite" data-testid="save-status">
          {STATUS_TEXT[status]}
        </span>
        <AllChangesButton
          appId={appId}
          isAdmin={isAdmin}
          busy={() => saveInFlight.current}
          onMerged={() => void afterMerge()}
        />
        {isAdmin ? (
          <NewFileDialog
            appId={appId}
            existingPaths={tree.map((f) => f.path)}
            onCreated={(path) =>
              void client.invalidateQueries({ queryKey: codeEditorKeys.files(appId) }).then(() => {
                const created = client
                  .getQueryData<{ files: { id: string; path: string }[] }>(codeEditorKeys.files(appId))
                  ?.files.find((f) => f.path === path);
                if (created) setSelectedId(created.id);
                onNewVersion?.();
              })
            }
          />
        ) : null}
        <Button variant="outline" size="sm" onClick={openSecrets}>
          Secrets
        </Button>
        {isAdmin ? (
          <Button variant="outline" size="sm" onClick={() => setTesterOpen(true)}>
            Validate
          </Button>
        ) : null}
        <Button variant="outline" size="sm" onClick={download} disabled={!isAdmin}>
          {CODE_EDITOR_MESSAGES.downloadCode}
        </Button>
      </div>
      <div className="flex min-h-0 flex-1">
        <nav aria-label="Files" className="w-44 shrink-0 overflow-auto border-r p-2 text-sm xl:w-52">
          {query.trim() ? (
            <ul aria-label="Search results">
              {matches.length === 0 ? <li className="text-muted-foreground">No results</li> : null}
              {matches.map((m) => (
                <li key={`${m.path}:${m.line}`}>
                  <button
                    type="button"
                    className="w-full truncate rounded px-1 py-0.5 text-left hover:bg-muted"
                    onClick={() => {
                      const file = withDrafts.find((f) => f.path === m.path);
                      if (file) setSelectedId(file.id);
                      setJumpLine(m.line);
                    }}
                  >
                    <span className="font-medium">
                      {fileName(m.path)}:{m.line}
                    </span>{' '}
                    <span className="text-muted-foreground">{m.text}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            groupAppFiles(withDrafts)
              .filter((g) => g.files.length > 0)
              .map((group) => (
                <div key={group.kind} className="mb-2">
                  <div className="flex items-center justify-between gap-1">
                    <h3 className="px-1 text-xs font-semibold uppercase text-muted-foreground">
                      {group.label}
                    </h3>
                    {group.kind === 'function' && functions.byPath.size > 0 ? (
                      <DeployAllButton appId={appId} onManageSecrets={openSecrets} />
                    ) : null}
                  </div>
                  <ul>
                    {group.files.map((f) => {
                      const fn = functions.byPath.get(f.path);
                      return (
                        <li key={f.id}>
                          <button
                            type="button"
                            aria-current={selected?.id === f.id ? 'true' : undefined}
                            className="flex w-full items-center gap-1 rounded px-1 py-0.5 text-left hover:bg-muted aria-[current=true]:bg-muted"
                            onClick={() => {
                              setSelectedId(f.id);
                              setJumpLine(null);
                            }}
                            title={f.path}
                          >
                            <span className="min-w-0 flex-1 truncate">{fileName(f.path)}</span>
                            {fn ? (
                              <FunctionStatusBadge fn={fn} deploying={functions.deployingPath === f.path} />
                            ) : null}
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                  {group.kind === 'manifest' ? (
                    <PackagesList
                      appId={appId}
                      versionId={files.data?.versionId ?? null}
                      onNewVersion={() => void afterMerge()}
                    />
                  ) : null}
                </div>
              ))
          )}
        </nav>
        <div className="flex min-w-0 flex-1 flex-col">
          {selected ? (
            <>
              <div className="flex items-center gap-2 border-b px-2 py-1 text-xs">
                <span className="font-mono">{selected.path}</span>
                {large ? <Badge variant="destructive">{CODE_EDITOR_MESSAGES.largeFile}</Badge> : null}
                {readOnly ? <Badge variant="secondary">{CODE_EDITOR_MESSAGES.readOnly}</Badge> : null}
                <Button
                  variant="ghost"
                  size="sm"
                  className="ml-auto"
                  aria-pressed={wrap}
                  onClick={() => {
                    setWrap(!wrap);
                    writeWrap(!wrap);
                  }}
                >
                  Wrap lines
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={!isAdmin}
                  onClick={() => setHistoryOf({ id: selected.id, path: selected.path })}
                >
                  History
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={readOnly}
                  onClick={() => setRenaming({ id: selected.id, path: selected.path })}
                >
                  Rename
                </Button>
                <Button variant="ghost" size="sm" disabled={readOnly} onClick={() => void askDelete()}>
                  Delete
                </Button>
              </div>
              {selectedFunction ? (
                <FunctionRow
                  appId={appId}
                  fn={selectedFunction}
                  onManageSecrets={openSecrets}
                  deploying={functions.deployingPath === selectedFunction.path}
                />
              ) : null}
              <div className="min-h-0 flex-1">
                <CodeMirror
                  key={`${selected.id}:${revision}`}
                  path={selected.path}
                  content={selected.content}
                  readOnly={readOnly}
                  line={jumpLine}
                  wrap={wrap}
                  onChange={onChange}
                />
              </div>
            </>
          ) : null}
        </div>
      </div>
      {isAdmin && testerOpen ? (
        <ValidationTesterDialog
          appId={appId}
          open={testerOpen}
          onOpenChange={setTesterOpen}
          onNewVersion={() => void afterMerge()}
        />
      ) : null}
      <SecretsDialog appId={appId} open={secretsOpen} onOpenChange={setSecretsOpen} />
      <RenameFileDialog
        appId={appId}
        file={renaming}
        files={withDrafts}
        busy={() => saveInFlight.current}
        onClose={() => setRenaming(null)}
        onRenamed={() => {
          if (renaming) setSelectedId(renaming.id);
          void afterMerge();
        }}
      />
      <FileHistoryDialog
        appId={appId}
        file={historyOf}
        onClose={() => setHistoryOf(null)}
        onRestore={async (content) => {
          if (!historyOf) return;
          const id = historyOf.id;
          await save(id, content);
          setDrafts((d) => ({ ...d, [id]: content }));
          setRevision((r) => r + 1);
        }}
      />
      <Dialog open={deleting !== null} onOpenChange={(open) => (open ? undefined : setDeleting(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete {deleting ? fileName(deleting.file.path) : ''}?</DialogTitle>
            <DialogDescription>
              {deleting && deleting.referencesToUpdate.length > 0
                ? 'These files import it; their imports of it will be removed in the same version:'
                : 'No other file imports it.'}
            </DialogDescription>
          </DialogHeader>
          {deleting && deleting.referencesToUpdate.length > 0 ? (
            <ul className="text-sm" aria-label="References to update">
              {deleting.referencesToUpdate.map((r) => (
                <li key={r.path}>
                  <span className="font-mono">{r.path}</span>
                  <pre className="text-xs text-muted-foreground">{r.removedLines.join('\n')}</pre>
                </li>
              ))}
            </ul>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={deleteBusy} onClick={() => void confirmDelete()}>
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
