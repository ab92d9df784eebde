import type { TableColumn } from '@atelier/shared';
import { X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { columnFilter, filterKind } from '../search.ts';

export interface ColumnFiltersProps {
  columns: TableColumn[];
  /** The text of each open filter, by column id (opened from the header menu's Filter…). */
  filters: Record<string, string>;
  onChange(columnId: string, text: string): void;
  onRemove(columnId: string): void;
  hidden: TableColumn[];
  onShowHidden(): void;
}

/** The open column filters, one line each, and the columns hidden from the header menu. */
export function ColumnFilters({
  columns,
  filters,
  onChange,
  onRemove,
  hidden,
  onShowHidden,
}: ColumnFiltersProps) {
  const open = columns.filter((column) => filters[column.id] !== undefined);
  if (open.length === 0 && hidden.length === 0) return null;
  return (
    <div className="flex flex-wrap items-start gap-2">
      {open.map((column) => {
        const text = filters[column.id] ?? '';
        const { error } = columnFilter(column, text);
        const label = `Filter ${column.label}`;
        const kind = filterKind(column);
        return (
          <div key={column.id} className="grid gap-1">
            <div className="flex items-center gap-1">
              <span className="text-muted-foreground text-xs">
                {column.label} {kind}
              </span>
              {column.dataType === 'boolean' ? (
                <select
                  aria-label={label}
                  value={text}
                  onChange={(event) => onChange(column.id, event.target.value)}
                  className="h-8 rounded-md border border-border bg-background px-2 text-sm"
                >
                  <option value="">any</option>
                  <option value="true">true</option>
                  <option value="false">false</option>
                </select>
              ) : (
                <Input
                  aria-label={label}
                  aria-invalid={Boolean(error)}
                  autoFocus={text === ''}
                  value={text}
                  onChange={(event) => onChange(column.id, event.target.value)}
                  className="h-8 w-40"
                />
              )}
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove the filter on ${column.label}`}
                onClick={() => onRemove(column.id)}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
            {error && <p className="text-destructive text-xs">{error}</p>}
          </div>
        );
      })}
      {hidden.length > 0 && (
        <Button
          variant="outline"
          size="sm"
          onClick={onShowHidden}
          title={hidden.map((c) => c.label).join(', ')}
        >
          Show {hidden.length} hidden {hidden.length === 1 ? 'column' : 'columns'}
        </Button>
      )}
    </div>
  );
}
