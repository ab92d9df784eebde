import { CODE_EDITOR_MESSAGES, DIFF_MESSAGES, type DiffItem } from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { type CompareTarget, codeEditorApi, codeEditorKeys } from '../api.ts';
import { type DiffLayout, FileDiff } from './file-diff.tsx';
import { MergeBar } from './merge-bar.tsx';

const SELECT_CLASS = 'h-8 rounded-md border border-input bg-background px-2 text-sm';
const STATUS_VARIANT = { added: 'default', modified: 'secondary', deleted: 'destructive' } as const;

export interface CompareDialogProps {
  appId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isAdmin: boolean;
  /** After a merge made a new version. */
  onMerged?: () => void;
}

/** All changes between two versions, or with another app of the builder, with an optional merge (spec 3 §2, §4). */
export function CompareDialog({ appId, open, onOpenChange, isAdmin, onMerged }: CompareDialogProps) {
  const [kind, setKind] = useState<CompareTarget['kind']>('versions');
  const [fromVersionId, setFromVersionId] = useState('');
  const [toVersionId, setToVersionId] = useState('');
  const [otherAppId, setOtherAppId] = useState('');
  const [layout, setLayout] = useState<DiffLayout>('unified');

  const versions = useQuery({
    queryKey: codeEditorKeys.versions(appId),
    queryFn: ({ signal }) => codeEditorApi.versions(appId, signal),
    enabled: open,
    retry: false,
  });
  const apps = useQuery({
    queryKey: codeEditorKeys.apps(),
    queryFn: ({ signal }) => codeEditorApi.apps(signal),
    enabled: open && kind === 'app',
    retry: false,
  });
  const list = versions.data?.versions ?? [];
  const otherApps = (apps.data?.apps ?? []).filter((a) => a.id !== appId && a.type === 'GEN_APP');

  // Defaults: the previous version against the current one.
  useEffect(() => {
    if (!open || list.length === 0 || fromVersionId) return;
    setToVersionId(versions.data?.currentVersionId ?? list[0]?.id ?? '');
    setFromVersionId(list[1]?.id ?? list[0]?.id ?? '');
  }, [open, list, fromVersionId, versions.data?.currentVersionId]);

  const target: CompareTarget | null =
    kind === 'app'
      ? otherAppId
        ? { kind: 'app', otherAppId }
        : null
      : fromVersionId && toVersionId
        ? { kind: 'versions', fromVersionId, toVersionId }
        : null;
  const comparison = useQuery({
    queryKey: codeEditorKeys.compare(appId, target ?? { kind: 'app', otherAppId: '' }),
    queryFn: ({ signal }) => codeEditorApi.compare(appId, target as CompareTarget, signal),
    enabled: open && target !== null,
    retry: false,
  });
  const items: DiffItem[] = comparison.data?.items ?? [];
  const failed = versions.isError || apps.isError || comparison.isError;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[90dvh] max-w-6xl flex-col">
        <DialogHeader>
          <DialogTitle>All changes</DialogTitle>
          <DialogDescription>
            Compare two versions of this app, or this app with another of your apps.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <label className="flex items-center gap-1">
            Compare
            <select
              aria-label="Compare with"
              className={SELECT_CLASS}
              value={kind}
              onChange={(e) => setKind(e.target.value as CompareTarget['kind'])}
            >
              <option value="versions">Two versions</option>
              <option value="app">Another app</option>
            </select>
          </label>
          {kind === 'versions' ? (
            <>
              <select
                aria-label="Version A"
                className={SELECT_CLASS}
                value={fromVersionId}
                onChange={(e) => setFromVersionId(e.target.value)}
              >
                {list.map((v) => (
                  <option key={v.id} value={v.id}>
                    v{v.seq} {v.metadata.description ? `· ${v.metadata.description.slice(0, 40)}` : ''}
                  </option>
                ))}
              </select>
              <span aria-hidden="true">→</span>
              <select
                aria-label="Version B"
                className={SELECT_CLASS}
                value={toVersionId}
                onChange={(e) => setToVersionId(e.target.value)}
              >
                {list.map((v) => (
                  <option key={v.id} value={v.id}>
                    v{v.seq} {v.metadata.description ? `· ${v.metadata.description.slice(0, 40)}` : ''}
                  </option>
                ))}
              </select>
            </>
          ) : (
            <select
              aria-label="Other app"
              className={SELECT_CLASS}
              value={otherAppId}
              onChange={(e) => setOtherAppId(e.target.value)}
            >
              <option value="">Choose an app…</option>
              {otherApps.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          )}
          <fieldset className="ml-auto flex gap-1" aria-label="Diff layout">
            <Button
              size="sm"
              variant={layout === 'unified' ? 'secondary' : 'ghost'}
              aria-pressed={layout === 'unified'}
              onClick={() => setLayout('unified')}
            >
              Unified
            </Button>
            <Button
              size="sm"
              variant={layout === 'split' ? 'secondary' : 'ghost'}
              aria-pressed={layout === 'split'}
              onClick={() => setLayout('split')}
            >
              Side by side
            </Button>
          </fieldset>
        </div>
        <div className="min-h-0 flex-1 space-y-3 overflow-auto">
          {failed ? (
            <p role="alert" className="text-destructive text-sm">
              {DIFF_MESSAGES.loadFailed}
            </p>
          ) : comparison.isFetching ? (
            <p className="text-muted-foreground text-sm">Loading changes…</p>
          ) : comparison.data && items.length === 0 ? (
            <p className="text-muted-foreground text-sm">{DIFF_MESSAGES.noChanges}</p>
          ) : (
            items.map((item) => (
              <section key={item.path} aria-label={item.path} className="space-y-1">
                <h3 className="flex items-center gap-2 font-mono text-xs">
                  <Badge variant={STATUS_VARIANT[item.status]}>{item.status}</Badge>
                  {item.path}
                </h3>
                <FileDiff item={item} layout={layout} />
              </section>
            ))
          )}
        </div>
        {kind === 'app' && isAdmin && otherAppId && comparison.data ? (
          <MergeBar
            appId={appId}
            items={items}
            sourceName={comparison.data.compared.appName}
            onMerged={() => {
              void comparison.refetch();
              onMerged?.();
            }}
          />
        ) : null}
        {kind === 'app' && !isAdmin ? (
          <p className="text-muted-foreground text-xs">{CODE_EDITOR_MESSAGES.adminOnly}</p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
