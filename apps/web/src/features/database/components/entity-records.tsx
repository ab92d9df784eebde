import {
  DATABASE_MESSAGES,
  type EntityInfo,
  type EntityRecordView,
  exportFileName,
  tableColumns,
} from '@atelier/shared';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Download, Plus, Search, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import {
  databaseKeys,
  exportRecords,
  PAGE_ROWS,
  type RecordsView,
  recordsApi,
  recordsPageQuery,
  useRecordCount,
  useSortIndexes,
} from '../api.ts';
import { useBulkDelete } from '../hooks/use-bulk-delete.ts';
import { useLiveRecords } from '../hooks/use-live-records.ts';
import { pagesOf } from '../row-window.ts';
import { columnFilter, combineFilters, searchCondition } from '../search.ts';
import { offersIndex } from '../sort-index-offer.ts';
import { AccessControlPopover, type AccessControlPopoverProps } from './access-control-popover.tsx';
import { AddColumnDialog } from './add-column-dialog.tsx';
import { ColumnFilters } from './column-filters.tsx';
import { CsvImportDialog } from './csv-import-dialog.tsx';
import { DataTable, type GridRow, type GridSorting } from './data-table.tsx';
import { SortIndexDialog, SortIndexesPopover } from './sort-indexes.tsx';

export interface EntityRecordsProps extends Pick<AccessControlPopoverProps, 'sendChatMessage' | 'chatBusy'> {
  appId: string;
  entity: EntityInfo;
}

const toGridRow = (record: EntityRecordView): GridRow => ({ id: record.id, pending: false, values: record });
/** The server's default order (spec 2 §7: newest first). */
const NEWEST_FIRST = '-createdAt';
const SEARCH_DELAY_MS = 300;

/**
 * One entity's table with its toolbar: new row, add column, import, export, delete, access control,
 * search. The table shows every record of the entity, a page at a time as it scrolls: sorting,
 * searching and counting happen on the server.
 */
export function EntityRecords({ appId, entity, sendChatMessage, chatBusy }: EntityRecordsProps) {
  const client = useQueryClient();
  const [pending, setPending] = useState<GridRow[]>([]);
  const [selection, setSelection] = useState<Record<string, boolean>>({});
  const [sorting, setSorting] = useState<GridSorting | null>(null);
  const [search, setSearch] = useState('');
  const [searched, setSearched] = useState('');
  const [range, setRange] = useState<[number, number]>([0, 0]);
  const [exportShare, setExportShare] = useState<number | null>(null);
  const allColumns = useMemo(() => tableColumns(entity.schema), [entity.schema]);
  // The header menu's Hide column and Filter… (filters by column id, typed text).
  const [hiddenIds, setHiddenIds] = useState<ReadonlySet<string>>(new Set());
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [filtered, setFiltered] = useState<Record<string, string>>({});
  const columns = useMemo(() => allColumns.filter((c) => !hiddenIds.has(c.id)), [allColumns, hiddenIds]);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearched(search.trim());
      setFiltered(filters);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters]);
  const view = useMemo<RecordsView>(
    () => ({
      sort: sorting ? `${sorting.desc ? '-' : ''}${sorting.id}` : NEWEST_FIRST,
      q: combineFilters([
        searched ? searchCondition(entity.schema, searched) : undefined,
        ...allColumns.map((column) =>
          filtered[column.id] === undefined
            ? undefined
            : columnFilter(column, filtered[column.id] ?? '').condition,
        ),
      ]),
    }),
    [sorting, searched, filtered, allColumns, entity.schema],
  );
  const filteredColumns = useMemo(
    () => new Set(allColumns.filter((c) => columnFilter(c, filters[c.id] ?? '').condition).map((c) => c.id)),
    [allColumns, filters],
  );

  const key = useMemo(() => databaseKeys.records(appId, entity.name), [appId, entity.name]);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: key }), [client, key]);
  // Records others add (end users, the preview) show without a reload.
  useLiveRecords(appId, entity.name, refresh);
  const count = useRecordCount(appId, entity.name, view);
  const sortIndexes = useSortIndexes(appId, entity.name);
  const [indexField, setIndexField] = useState<string | null>(null);
  const closeIndexDialog = useCallback(() => setIndexField(null), []);
  const pages = pagesOf(Math.max(0, range[0] - pending.length), range[1] - pending.length, PAGE_ROWS);
  const loaded = useQueries({
    queries: pages.map((page) => recordsPageQuery(appId, entity.name, view, page)),
  });
  const pageRows = new Map(pages.map((page, n) => [page, loaded[n]?.data]));
  const loadedIds = [...pageRows.values()].flatMap((rows) => rows?.map((record) => record.id) ?? []);
  const rowAt = (index: number): GridRow | undefined => {
    if (index < pending.length) return pending[index];
    const at = index - pending.length;
    const record = pageRows.get(Math.floor(at / PAGE_ROWS))?.[at % PAGE_ROWS];
    return record && toGridRow(record);
  };
  const onRangeChange = useCallback((first: number, last: number) => setRange([first, last]), []);

  const deleteOne = useCallback(
    (id: string) => recordsApi.delete(appId, entity.name, id),
    [appId, entity.name],
  );
  const bulkDelete = useBulkDelete(deleteOne, refresh);
  const selectedIds = Object.keys(selection).filter((id) => selection[id]);

  const onCellCommit = async (row: GridRow, column: { id: string }, value: unknown) => {
    if (row.pending) {
      setPending((current) =>
        current.map((item) =>
          item.id === row.id ? { ...item, values: { ...item.values, [column.id]: value } } : item,
        ),
      );
      return;
    }
    try {
      const saved = await recordsApi.update(appId, entity.name, row.id, { [column.id]: value });
      client.setQueriesData<EntityRecordView[]>({ queryKey: [...key, 'page'] }, (current) =>
        current?.map((record) => (record.id === saved.id ? saved : record)),
      );
    } catch {
      toast.error(DATABASE_MESSAGES.updateRowFailed);
    }
  };

  const onConfirmPending = async (row: GridRow) => {
    const values = Object.fromEntries(
      Object.entries(row.values).filter(([, value]) => value !== null && value !== undefined && value !== ''),
    );
    if (Object.keys(values).length === 0) {
      toast.error(DATABASE_MESSAGES.emptyRow);
      return;
    }
    try {
      await recordsApi.create(appId, entity.name, values);
      setPending((current) => current.filter((item) => item.id !== row.id));
      await refresh();
    } catch {
      toast.error(DATABASE_MESSAGES.createRowFailed);
    }
  };

  const onDelete = async () => {
    const ids = selectedIds;
    setSelection({});
    await bulkDelete.run(ids);
  };
  const state = bulkDelete.state;
  const { reset: resetBulkDelete } = bulkDelete;
  useEffect(() => {
    if (state.status === 'done' && state.failed > 0) toast.error(DATABASE_MESSAGES.deleteRowFailed);
    if (state.status === 'done' || state.status === 'cancelled') resetBulkDelete();
  }, [state, resetBulkDelete]);

  const exportCsv = async () => {
    if (!count.data) {
      toast.error(DATABASE_MESSAGES.noDataToExport);
      return;
    }
    setExportShare(0);
    try {
      const csv = await exportRecords(appId, entity.name, setExportShare);
      const url = URL.createObjectURL(csv);
      const link = document.createElement('a');
      link.href = url;
      link.download = exportFileName(entity.name);
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Export failed');
    } finally {
      setExportShare(null);
    }
  };
  const total = count.data ?? 0;

  return (
    <section aria-label={`${entity.name} records`} className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="mr-auto font-semibold text-base">{entity.name}</h2>
        <AccessControlPopover
          entity={entity.name}
          rls={entity.rls}
          sendChatMessage={sendChatMessage}
          chatBusy={chatBusy}
        />
        <Button
          size="sm"
          onClick={() =>
            setPending((current) => [
              { id: `pending-${crypto.randomUUID()}`, pending: true, values: {} },
              ...current,
            ])
          }
        >
          <Plus aria-hidden="true" />
          New row
        </Button>
        <AddColumnDialog appId={appId} entity={entity.name} />
        <SortIndexesPopover appId={appId} entity={entity.name} data={sortIndexes.data} />
        <CsvImportDialog
          appId={appId}
          entity={entity.name}
          schema={entity.schema}
          onImported={() => void refresh()}
        />
        <Button variant="outline" size="sm" onClick={() => void exportCsv()} disabled={exportShare !== null}>
          <Download aria-hidden="true" />
          {exportShare === null ? 'Export' : `Exporting… ${Math.round(exportShare * 100)}%`}
        </Button>
        {selectedIds.length > 0 && state.status !== 'processing' && (
          <Button variant="destructive" size="sm" onClick={() => void onDelete()}>
            <Trash2 aria-hidden="true" />
            Delete {selectedIds.length} {selectedIds.length === 1 ? 'row' : 'rows'}
          </Button>
        )}
      </div>
      {state.status === 'processing' && (
        <div className="flex items-center gap-3 text-sm">
          <div
            role="progressbar"
            aria-label="Deleting rows"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={state.percent}
            className="h-2 flex-1 overflow-hidden rounded bg-muted"
          >
            <div className="h-full bg-destructive" style={{ width: `${state.percent}%` }} />
          </div>
          <span>Deleting… {state.percent}%</span>
          <Button variant="ghost" size="sm" onClick={bulkDelete.cancel}>
            Cancel
          </Button>
        </div>
      )}
      <div className="relative max-w-xs">
        <Search
          aria-hidden="true"
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label="Search records"
          placeholder="Search records"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="h-8 pl-8"
        />
      </div>
      <ColumnFilters
        columns={allColumns}
        filters={filters}
        onChange={(id, text) => setFilters((current) => ({ ...current, [id]: text }))}
        onRemove={(id) =>
          setFilters((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== id)))
        }
        hidden={allColumns.filter((c) => hiddenIds.has(c.id))}
        onShowHidden={() => setHiddenIds(new Set())}
      />
      {count.isPending ? (
        <Skeleton className="h-[480px]" />
      ) : count.isError ? (
        <p role="alert" className="text-destructive text-sm">
          Could not load the records. Try again.
        </p>
      ) : (
        <>
          {total === 0 && pending.length === 0 && (
            // An empty entity (or search) says what to do above its empty grid (issue 23 #25).
            <p className="rounded-md border border-border border-dashed p-3 text-muted-foreground text-sm">
              {view.q
                ? 'No record matches this search.'
                : `No ${entity.name} records yet. Add one with New row, import a CSV, or ask the chat.`}
            </p>
          )}
          <DataTable
            columns={columns}
            rowCount={pending.length + total}
            rowAt={rowAt}
            onRangeChange={onRangeChange}
            loadedIds={loadedIds}
            sorting={sorting}
            viewKey={`${view.sort}|${view.q ?? ''}`}
            onSortingChange={setSorting}
            filteredColumns={filteredColumns}
            indexOffered={(id) =>
              allColumns.some((column) => column.id === id && !column.created) &&
              offersIndex(sortIndexes.data, id)
            }
            onIndexColumn={setIndexField}
            onFilterColumn={(id) => setFilters((current) => ({ ...current, [id]: current[id] ?? '' }))}
            onHideColumn={(id) => {
              setHiddenIds((current) => new Set([...current, id]));
              if (sorting?.id === id) setSorting(null);
            }}
            selection={selection}
            onSelectionChange={setSelection}
            onCellCommit={(row, column, value) => void onCellCommit(row, column, value)}
            onConfirmPending={(row) => void onConfirmPending(row)}
            onDiscardPending={(row) => setPending((current) => current.filter((item) => item.id !== row.id))}
            uploadImage={async (file) => (await recordsApi.uploadImage(appId, file)).file_url}
          />
        </>
      )}
      <SortIndexDialog
        appId={appId}
        entity={entity.name}
        field={indexField}
        data={sortIndexes.data}
        onClose={closeIndexDialog}
      />
      <p className="text-muted-foreground text-xs" aria-live="polite">
        {total.toLocaleString('en-US')} {total === 1 ? 'record' : 'records'}
        {view.q ? ' found' : ''}
      </p>
    </section>
  );
}
