import { DATA_TABLE, readBooleanCell, type TableColumn } from '@atelier/shared';
import {
  columnResizingFeature,
  columnSizingFeature,
  createColumnHelper,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { Check, X } from 'lucide-react';
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { rowWindow } from '../row-window.ts';
import { CellEditor } from './cell-editor.tsx';
import { CellView } from './cell-view.tsx';
import { ColumnHeaderMenu, type GridSorting } from './column-header-menu.tsx';

/** A row of the grid: a saved record, or a new row pending until confirmed (spec 2 §4). */
export interface GridRow {
  id: string;
  pending: boolean;
  values: Record<string, unknown>;
}

export type { GridSorting };

const features = tableFeatures({ columnSizingFeature, columnResizingFeature });
type Features = typeof features;
const helper = createColumnHelper<Features, GridRow>();
const SELECT_COLUMN = 'select';

export interface DataTableProps {
  columns: TableColumn[];
  /** Rows in the table (pending rows first, then every record of the view). */
  rowCount: number;
  /** Row `index`, or undefined while its page loads. */
  rowAt(index: number): GridRow | undefined;
  /** Which rows are on screen (with some around them): the page loads what they need. */
  onRangeChange(first: number, last: number): void;
  /** The saved rows loaded now: what "Select all rows" selects. */
  loadedIds: readonly string[];
  sorting: GridSorting | null;
  /** Changes when the rows change order or filter: the grid scrolls back to the top. */
  viewKey: string;
  onSortingChange(sorting: GridSorting | null): void;
  /** Columns with a filter (their header shows it); the header menu's Filter… and Hide column. */
  filteredColumns: ReadonlySet<string>;
  onFilterColumn(columnId: string): void;
  onHideColumn(columnId: string): void;
  /** The columns whose menu offers a sort index, and what choosing it does. */
  indexOffered?: (columnId: string) => boolean;
  onIndexColumn?: (columnId: string) => void;
  selection: Record<string, boolean>;
  onSelectionChange(selection: Record<string, boolean>): void;
  /** Saves one cell (one column at a time, spec 2 §7). */
  onCellCommit(row: GridRow, column: TableColumn, value: unknown): void;
  onConfirmPending(row: GridRow): void;
  onDiscardPending(row: GridRow): void;
  uploadImage(file: File): Promise<string>;
}

/**
 * The data table (spec 2 §2): 480 px high, rows of 40 px, a 50 px selection column, sortable and
 * resizable columns (TanStack Table for the columns), each header with its menu (spec 3 §2). Only the rows on screen are rendered and
 * loaded (`rowWindow`), so a million records scroll like a hundred; sorting happens on the server.
 * Click a cell to edit it; Enter or leaving the cell saves.
 */
export function DataTable(props: DataTableProps) {
  const { columns: tableColumns, rowCount, rowAt, selection, onSelectionChange, sorting } = props;
  const [editing, setEditing] = useState<{ rowId: string; columnId: string } | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const header = DATA_TABLE.rowHeight;
  const viewportHeight = DATA_TABLE.height - header;
  const visible = rowWindow({ scrollTop, viewportHeight, rowCount, rowHeight: DATA_TABLE.rowHeight });

  const { onRangeChange } = props;
  useEffect(() => onRangeChange(visible.first, visible.last), [onRangeChange, visible.first, visible.last]);
  // A new view (sort, filter) starts at the top.
  const { viewKey } = props;
  const shownView = useRef(viewKey);
  useLayoutEffect(() => {
    if (shownView.current === viewKey) return;
    shownView.current = viewKey;
    if (scroller.current) scroller.current.scrollTop = 0;
    setScrollTop(0);
  }, [viewKey]);

  const columns = useMemo(
    () => [
      helper.display({ id: SELECT_COLUMN, size: DATA_TABLE.selectionColumnWidth, enableResizing: false }),
      ...tableColumns.map((column) =>
        helper.accessor((row: GridRow) => row.values[column.id], {
          id: column.id,
          header: column.label,
          size: column.created ? 200 : 180,
          minSize: 80,
        }),
      ),
    ],
    [tableColumns],
  );
  const table = useTable(
    { features, columns, data: [] as GridRow[], columnResizeMode: 'onChange' },
    (state) => state,
  );
  const leafColumns = table.getAllLeafColumns();

  const byId = new Map(tableColumns.map((column) => [column.id, column]));
  const allLoadedSelected = props.loadedIds.length > 0 && props.loadedIds.every((id) => selection[id]);
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

  const renderRow = (index: number) => {
    const row = rowAt(index);
    const style = { top: visible.topOf(index), height: DATA_TABLE.rowHeight, width: table.getTotalSize() };
    if (!row) {
      return (
        <tr
          key={`loading-${index}`}
          aria-busy="true"
          className="absolute left-0 flex border-border border-b"
          style={style}
        >
          <td className="flex items-center px-2" style={{ width: table.getTotalSize() }}>
            <span className="h-3 w-2/3 animate-pulse rounded bg-muted" />
          </td>
        </tr>
      );
    }
    const selected = Boolean(selection[row.id]);
    return (
      <tr
        key={row.id}
        aria-rowindex={index + 2}
        data-pending={row.pending || undefined}
        className={cn(
          'absolute left-0 flex border-border border-b',
          row.pending && 'bg-accent/40',
          selected && 'bg-accent',
        )}
        style={style}
      >
        {leafColumns.map((leaf) => {
          const column = byId.get(leaf.id);
          const editable = Boolean(column && !column.readonly);
          const open = () => {
            if (!editable || !column) return;
            // A boolean cell toggles on click (true, 1, 'true' and '1' read as true).
            if (column.dataType === 'boolean') {
              props.onCellCommit(row, column, !readBooleanCell(row.values[column.id]));
            } else {
              setEditing({ rowId: row.id, columnId: leaf.id });
            }
          };
          return (
            <td
              key={leaf.id}
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
              style={{ width: leaf.getSize(), height: DATA_TABLE.rowHeight }}
            >
              {leaf.id === SELECT_COLUMN ? (
                row.pending ? (
                  <PendingActions
                    row={row}
                    onConfirm={props.onConfirmPending}
                    onDiscard={props.onDiscardPending}
                  />
                ) : (
                  <input
                    type="checkbox"
                    aria-label="Select row"
                    checked={selected}
                    onChange={(event) => onSelectionChange({ ...selection, [row.id]: event.target.checked })}
                  />
                )
              ) : (
                cellContent(row, leaf.id)
              )}
            </td>
          );
        })}
      </tr>
    );
  };

  const rows: ReactNode[] = [];
  for (let index = visible.first; index <= visible.last; index++) rows.push(renderRow(index));

  return (
    <div
      ref={scroller}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      className="relative overflow-auto rounded-md border border-border"
      style={{ height: DATA_TABLE.height }}
    >
      <table
        aria-rowcount={rowCount + 1}
        style={{ width: table.getTotalSize() }}
        className="block min-w-full"
      >
        <thead className="sticky top-0 z-10 block">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="flex border-border border-b bg-muted">
              {group.headers.map((head) => {
                const sorted = sorting?.id === head.column.id ? (sorting.desc ? 'desc' : 'asc') : false;
                const column = byId.get(head.column.id);
                return (
                  <th
                    key={head.id}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                    className="relative flex shrink-0 items-center gap-1 px-2 font-medium text-muted-foreground text-xs"
                    style={{ width: head.getSize(), height: header }}
                  >
                    {head.column.id === SELECT_COLUMN ? (
                      <input
                        type="checkbox"
                        aria-label="Select all rows"
                        checked={allLoadedSelected}
                        onChange={(event) =>
                          onSelectionChange(
                            event.target.checked
                              ? Object.fromEntries(props.loadedIds.map((id) => [id, true]))
                              : {},
                          )
                        }
                      />
                    ) : (
                      column && (
                        <ColumnHeaderMenu
                          column={column}
                          sorting={sorting}
                          filtered={props.filteredColumns.has(head.column.id)}
                          canHide={tableColumns.length > 1}
                          onSortingChange={props.onSortingChange}
                          onFilter={props.onFilterColumn}
                          onHide={props.onHideColumn}
                          onIndex={props.indexOffered?.(column.id) ? props.onIndexColumn : undefined}
                        />
                      )
                    )}
                    {head.column.getCanResize() && (
                      <button
                        type="button"
                        tabIndex={-1}
                        aria-label={`Resize ${head.column.id}`}
                        onMouseDown={head.getResizeHandler()}
                        onTouchStart={head.getResizeHandler()}
                        className="absolute top-0 right-0 h-full w-1 cursor-col-resize select-none hover:bg-ring"
                      />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className="relative block" style={{ height: visible.totalHeight }}>
          {rows}
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
