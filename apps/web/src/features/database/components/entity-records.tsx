import {
  DATABASE_MESSAGES,
  type EntityInfo,
  type EntityRecordView,
  exportFileName,
  exportRows,
  tableColumns,
} from '@atelier/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import { Download, Plus, Trash2 } from 'lucide-react';
import Papa from 'papaparse';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { databaseKeys, recordsApi, useRecords } from '../api.ts';
import { useBulkDelete } from '../hooks/use-bulk-delete.ts';
import { AccessControlPopover, type AccessControlPopoverProps } from './access-control-popover.tsx';
import { AddColumnDialog } from './add-column-dialog.tsx';
import { CsvImportDialog } from './csv-import-dialog.tsx';
import { DataTable, type GridRow } from './data-table.tsx';

export interface EntityRecordsProps extends Pick<AccessControlPopoverProps, 'sendChatMessage' | 'chatBusy'> {
  appId: string;
  entity: EntityInfo;
}

const toGridRow = (record: EntityRecordView): GridRow => ({ id: record.id, pending: false, values: record });

/** One entity's table with its toolbar: new row, add column, import, export, delete, access control. */
export function EntityRecords({ appId, entity, sendChatMessage, chatBusy }: EntityRecordsProps) {
  const client = useQueryClient();
  const records = useRecords(appId, entity.name);
  const [pending, setPending] = useState<GridRow[]>([]);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const columns = useMemo(() => tableColumns(entity.schema), [entity.schema]);
  const key = useMemo(() => databaseKeys.records(appId, entity.name), [appId, entity.name]);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: key }), [client, key]);
  const deleteOne = useCallback(
    (id: string) => recordsApi.delete(appId, entity.name, id),
    [appId, entity.name],
  );
  const bulkDelete = useBulkDelete(deleteOne, refresh);

  const rows = useMemo(() => [...pending, ...(records.data ?? []).map(toGridRow)], [pending, records.data]);
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
      client.setQueryData<EntityRecordView[]>(key, (current) =>
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

  const exportCsv = () => {
    const data = records.data ?? [];
    if (data.length === 0) {
      toast.error(DATABASE_MESSAGES.noDataToExport);
      return;
    }
    const csv = Papa.unparse(
      exportRows(
        data,
        columns.map((column) => column.id),
      ),
    );
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = exportFileName(entity.name);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

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
        <CsvImportDialog
          appId={appId}
          entity={entity.name}
          schema={entity.schema}
          onImported={() => void refresh()}
        />
        <Button variant="outline" size="sm" onClick={exportCsv}>
          <Download aria-hidden="true" />
          Export
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
      {records.isPending ? (
        <Skeleton className="h-[480px]" />
      ) : records.isError ? (
        <p role="alert" className="text-destructive text-sm">
          Could not load the records. Try again.
        </p>
      ) : (
        <DataTable
          columns={columns}
          rows={rows}
          selection={selection}
          onSelectionChange={setSelection}
          onCellCommit={(row, column, value) => void onCellCommit(row, column, value)}
          onConfirmPending={(row) => void onConfirmPending(row)}
          onDiscardPending={(row) => setPending((current) => current.filter((item) => item.id !== row.id))}
          uploadImage={async (file) => (await recordsApi.uploadImage(appId, file)).file_url}
        />
      )}
      <p className="text-muted-foreground text-xs">
        {records.data?.length ?? 0} {records.data?.length === 1 ? 'record' : 'records'}
      </p>
    </section>
  );
}
