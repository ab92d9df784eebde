import type { TableColumn } from '@atelier/shared';
import { ArrowDown, ArrowUp, Filter, Zap } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';

/** The server-side order of the grid: a column, ascending or descending. */
export interface GridSorting {
  id: string;
  desc: boolean;
}

export interface ColumnHeaderMenuProps {
  column: TableColumn;
  sorting: GridSorting | null;
  filtered: boolean;
  /** False for the last shown column: a table keeps one. */
  canHide: boolean;
  onSortingChange(sorting: GridSorting | null): void;
  onFilter(columnId: string): void;
  onHide(columnId: string): void;
  /** Offers to index the column for fast sorting (a large entity, no index yet: sort-indexes.tsx). */
  onIndex?: ((columnId: string) => void) | undefined;
}

/**
 * A column header and its menu (spec 3 §2 "Data table UI: column headers with a menu"): sort
 * ascending or descending (on the server), clear the sort, index the field for fast sorting (when
 * offered), filter the column, hide it.
 */
export function ColumnHeaderMenu({ column, sorting, filtered, canHide, ...on }: ColumnHeaderMenuProps) {
  const sorted = sorting?.id === column.id ? (sorting.desc ? 'desc' : 'asc') : false;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label={column.label}
          className="flex min-w-0 items-center gap-1 truncate hover:text-foreground"
        >
          <span className="truncate">{column.label}</span>
          {sorted === 'asc' && <ArrowUp className="size-3 shrink-0" aria-hidden="true" />}
          {sorted === 'desc' && <ArrowDown className="size-3 shrink-0" aria-hidden="true" />}
          {filtered && <Filter className="size-3 shrink-0" aria-hidden="true" />}
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuItem onSelect={() => on.onSortingChange({ id: column.id, desc: false })}>
          <ArrowUp aria-hidden="true" />
          Sort ascending
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => on.onSortingChange({ id: column.id, desc: true })}>
          <ArrowDown aria-hidden="true" />
          Sort descending
        </DropdownMenuItem>
        {sorted && <DropdownMenuItem onSelect={() => on.onSortingChange(null)}>Clear sort</DropdownMenuItem>}
        {on.onIndex && (
          <DropdownMenuItem onSelect={() => on.onIndex?.(column.id)}>
            <Zap aria-hidden="true" />
            Index this field for fast sorting
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => on.onFilter(column.id)}>
          <Filter aria-hidden="true" />
          Filter…
        </DropdownMenuItem>
        <DropdownMenuItem disabled={!canHide} onSelect={() => on.onHide(column.id)}>
          Hide column
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
