import { DATA_TABLE, readBooleanCell, type TableColumn } from '@atelier/shared';
import {
  type CellContext,
  columnResizingFeature,
  columnSizingFeature,
  createColumnHelper,
  createSortedRowModel,
  FlexRender,
  type HeaderContext,
  type Row,
  type RowSelectionState,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, Check, X } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { CellEditor } from './cell-editor.tsx';
import { CellView } from './cell-view.tsx';

/** A row of the grid: a saved record, or a new row pending until confirmed (spec 2 §4). */
export interface GridRow {
  id: string;
  pending: boolean;
  values: Record<string, unknown>;
}

const compare = (a: unknown, b: unknown): number => {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(typeof a === 'object' ? JSON.stringify(a) : a).localeCompare(
    String(typeof b === 'object' ? JSON.stringify(b) : b),
    undefined,
    { numeric: true },
  );
};

/** Orders rows by the value of a column, whatever its type. */
const sortByCell = (rowA: { original: GridRow }, rowB: { original: GridRow }, columnId: string) =>
  compare(rowA.original.values[columnId], rowB.original.values[columnId]);

const features = tableFeatures({
  rowSortingFeature,
  rowSelectionFeature,
  columnSizingFeature,
  columnResizingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { cell: sortByCell },
});
type Features = typeof features;
const helper = createColumnHelper<Features, GridRow>();

export interface DataTableProps {
  columns: TableColumn[];
  rows: GridRow[];
  selection: RowSelectionState;
  onSelectionChange(selection: RowSelectionState): void;
  /** Saves one cell (one column at a time, spec 2 §7). */
  onCellCommit(row: GridRow, column: TableColumn, value: unknown): void;
  onConfirmPending(row: GridRow): void;
  onDiscardPending(row: GridRow): void;
  uploadImage(file: File): Promise<string>;
}

/**
 * The data table (spec 2 §2): 480 px high, rows of 40 px, a 50 px selection column, sortable and
 * resizable columns (TanStack Table). Click a cell to edit it; Enter or leaving the cell saves.
 */
export function DataTable(props: DataTableProps) {
  const { columns: tableColumns, rows, selection, onSelectionChange } = props;
  const [editing, setEditing] = useState<{ rowId: string; columnId: string } | null>(null);

  const columns = useMemo(
    () => [
      helper.display({
        id: 'select',
        size: DATA_TABLE.selectionColumnWidth,
        enableResizing: false,
        enableSorting: false,
        header: ({ table }: HeaderContext<Features, GridRow, unknown>) => (
          <input
            type="checkbox"
            aria-label="Select all rows"
            checked={table.getIsAllRowsSelected()}
            onChange={(event) => table.toggleAllRowsSelected(event.target.checked)}
          />
        ),
        cell: ({ row }: CellContext<Features, GridRow, unknown>) =>
          row.original.pending ? (
            <PendingActions
              row={row.original}
              onConfirm={props.onConfirmPending}
              onDiscard={props.onDiscardPending}
            />
          ) : (
            <input
              type="checkbox"
              aria-label="Select row"
              checked={row.getIsSelected()}
              onChange={(event) => row.toggleSelected(event.target.checked)}
            />
          ),
      }),
      ...tableColumns.map((column) =>
        helper.accessor((row: GridRow) => row.values[column.id], {
          id: column.id,
          header: column.label,
          size: column.created ? 200 : 180,
          minSize: 80,
          sortFn: 'cell',
        }),
      ),
    ],
    [tableColumns, props.onConfirmPending, props.onDiscardPending],
  );

  const table = useTable(
    {
      features,
      columns,
      data: rows,
      getRowId: (row: GridRow) => row.id,
      enableRowSelection: (row: Row<Features, GridRow>) => !row.original.pending,
      columnResizeMode: 'onChange',
      state: { rowSelection: selection },
      onRowSelectionChange: (updater) =>
        onSelectionChange(typeof updater === 'function' ? updater(selection) : updater),
    },
    (state) => state,
  );

  const byId = new Map(tableColumns.map((column) => [column.id, column]));
  const cellContent = (row: GridRow, columnId: string): ReactNode => {
    const column = byId.get(columnId);
    if (!column) return null;
    const value = row.values[columnId];
    const isEditing = editing?.rowId === row.id && editing.columnId === columnId;
    if (isEditing && !column.readonly) {
      return (
        <CellEditor
          column={column}
          value={value}
          uploadImage={props.uploadImage}
          onCancel={() => setEditing(null)}
          onCommit={(next) => {
            setEditing(null);
            if (JSON.stringify(next ?? null) !== JSON.stringify(value ?? null))
              props.onCellCommit(row, column, next);
          }}
        />
      );
    }
    return <CellView column={column} value={value} />;
  };

  return (
    <div
      className="relative overflow-auto rounded-md border border-border"
      style={{ height: DATA_TABLE.height }}
    >
      <table style={{ width: table.getTotalSize() }} className="block min-w-full">
        <thead className="sticky top-0 z-10 block">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="flex border-border border-b bg-muted">
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                    className="relative flex shrink-0 items-center gap-1 px-2 font-medium text-muted-foreground text-xs"
                    style={{ width: header.getSize(), height: DATA_TABLE.rowHeight }}
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="flex min-w-0 items-center gap-1 truncate hover:text-foreground"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        <FlexRender header={header} />
                        {sorted === 'asc' && <ArrowUp className="size-3" aria-hidden="true" />}
                        {sorted === 'desc' && <ArrowDown className="size-3" aria-hidden="true" />}
                      </button>
                    ) : (
                      <FlexRender header={header} />
                    )}
                    {header.column.getCanResize() && (
                      <button
                        type="button"
                        tabIndex={-1}
                        aria-label={`Resize ${header.column.id}`}
                        onMouseDown={header.getResizeHandler()}
                        onTouchStart={header.getResizeHandler()}
                        className="absolute top-0 right-0 h-full w-1 cursor-col-resize select-none hover:bg-ring"
                      />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className="block">
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              data-pending={row.original.pending || undefined}
              className={cn(
                'flex border-border border-b last:border-b-0',
                row.original.pending && 'bg-accent/40',
                row.getIsSelected() && 'bg-accent',
              )}
            >
              {row.getAllCells().map((cell) => {
                const column = byId.get(cell.column.id);
                const editable = Boolean(column && !column.readonly);
                const open = () => {
                  if (!editable || !column) return;
                  // A boolean cell toggles on click (true, 1, 'true' and '1' read as true).
                  if (column.dataType === 'boolean') {
                    props.onCellCommit(
                      row.original,
                      column,
                      !readBooleanCell(row.original.values[column.id]),
                    );
                  } else {
                    setEditing({ rowId: row.id, columnId: cell.column.id });
                  }
                };
                return (
                  <td
                    key={cell.id}
                    tabIndex={editable ? 0 : -1}
                    aria-label={column?.label}
                    onClick={open}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' && event.target === event.currentTarget) open();
                    }}
                    className={cn(
                      'relative flex shrink-0 items-center overflow-visible px-2 text-sm',
                      editable && 'cursor-text hover:bg-accent/50',
                    )}
                    style={{ width: cell.column.getSize(), height: DATA_TABLE.rowHeight }}
                  >
                    {cell.column.id === 'select' ? (
                      <FlexRender cell={cell} />
                    ) : (
                      cellContent(row.original, cell.column.id)
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PendingActions({
  row,
  onConfirm,
  onDiscard,
}: {
  row: GridRow;
  onConfirm(row: GridRow): void;
  onDiscard(row: GridRow): void;
}) {
  return (
    <span className="flex items-center gap-0.5">
      <button
        type="button"
        aria-label="Save new row"
        className="rounded p-0.5 hover:bg-accent"
        onClick={(event) => {
          event.stopPropagation();
          onConfirm(row);
        }}
      >
        <Check className="size-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        aria-label="Discard new row"
        className="rounded p-0.5 hover:bg-accent"
        onClick={(event) => {
          event.stopPropagation();
          onDiscard(row);
        }}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </span>
  );
}
