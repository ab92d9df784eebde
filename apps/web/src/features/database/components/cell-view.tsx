import { type ColumnOption, multiselectOverflow, readBooleanCell, type TableColumn } from '@atelier/shared';
import { Check } from 'lucide-react';

/** How many options a multiselect cell shows before "+N" (spec 3 §9). */
const VISIBLE_OPTIONS = 2;

function OptionBadge({ label, option }: { label: string; option: ColumnOption | undefined }) {
  return (
    <span
      className="inline-flex max-w-full items-center truncate rounded px-1.5 py-0.5 text-xs"
      style={option ? { backgroundColor: option.backgroundColor, color: option.color } : undefined}
    >
      {label}
    </span>
  );
}

const optionOf = (column: TableColumn, label: string) =>
  column.options.find((option) => option.label === label);

/** A cell's value as shown in the table (not editing). */
export function CellView({ column, value }: { column: TableColumn; value: unknown }) {
  if (value === undefined || value === null || value === '') {
    return column.dataType === 'boolean' ? (
      <BooleanView value={false} />
    ) : (
      <span className="text-muted-foreground">—</span>
    );
  }
  switch (column.dataType) {
    case 'boolean':
      return <BooleanView value={readBooleanCell(value)} />;
    case 'select':
      return <OptionBadge label={String(value)} option={optionOf(column, String(value))} />;
    case 'multiselect': {
      const values = Array.isArray(value) ? value.map(String) : [String(value)];
      const { shown, more } = multiselectOverflow(values, VISIBLE_OPTIONS);
      return (
        <span className="flex min-w-0 items-center gap-1">
          {shown.map((label) => (
            <OptionBadge key={label} label={label} option={optionOf(column, label)} />
          ))}
          {more && <span className="text-muted-foreground text-xs">{more}</span>}
        </span>
      );
    }
    case 'image':
      return typeof value === 'string' ? (
        <img src={value} alt="" className="h-7 w-7 rounded object-cover" loading="lazy" />
      ) : (
        <span className="truncate">{JSON.stringify(value)}</span>
      );
    case 'datetime': {
      const date = new Date(String(value));
      return (
        <span className="truncate">
          {Number.isNaN(date.getTime()) ? String(value) : date.toLocaleString()}
        </span>
      );
    }
    case 'json':
      return <span className="truncate font-mono text-xs">{JSON.stringify(value)}</span>;
    default:
      return <span className="truncate">{typeof value === 'string' ? value : JSON.stringify(value)}</span>;
  }
}

function BooleanView({ value }: { value: boolean }) {
  return (
    <span
      role="img"
      aria-label={value ? 'true' : 'false'}
      className="inline-flex size-4 items-center justify-center rounded border border-border"
    >
      {value && <Check className="size-3" aria-hidden="true" />}
    </span>
  );
}
