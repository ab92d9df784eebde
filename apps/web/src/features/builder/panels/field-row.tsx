import { type CustomField, FIELD_TYPE_LABELS, type FieldType } from '@atelier/shared';
import { ArrowDownIcon, ArrowUpIcon, GripVerticalIcon, PencilIcon, TrashIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

/** The drag data type of a field row (HTML5 drag and drop). */
export const FIELD_DRAG_TYPE = 'application/x-atelier-field';

/**
 * One field in the list: drag handle (drop another field on it to take its place), move up/down
 * buttons for the keyboard, edit and delete. A refused delete shows its message under the row.
 */
export function FieldRow(props: {
  field: CustomField;
  editing: boolean;
  canMoveUp: boolean;
  canMoveDown: boolean;
  error: string | null;
  onMove: (direction: -1 | 1) => void;
  onDropField: (name: string) => void;
  onEdit: () => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  const { field } = props;
  const name = field.label || field.name;
  return (
    <li
      data-testid="field-row"
      data-field={field.name}
      className="flex flex-col gap-1"
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(FIELD_DRAG_TYPE)) event.preventDefault();
      }}
      onDrop={(event) => {
        const from = event.dataTransfer.getData(FIELD_DRAG_TYPE);
        if (!from) return;
        event.preventDefault();
        event.stopPropagation();
        props.onDropField(from);
      }}
    >
      <div
        className={cn(
          'flex items-center gap-1 rounded-md border border-border px-1 py-1',
          props.editing && 'border-ring',
        )}
      >
        <span
          draggable
          role="img"
          aria-label={`Drag ${name}`}
          className="cursor-grab text-muted-foreground"
          onDragStart={(event) => {
            event.dataTransfer.setData(FIELD_DRAG_TYPE, field.name);
            event.dataTransfer.effectAllowed = 'move';
          }}
        >
          <GripVerticalIcon aria-hidden="true" className="size-4" />
        </span>
        <span className="flex min-w-0 flex-1 flex-col items-start">
          <span className="w-full truncate text-sm">{name}</span>
          <Badge variant="secondary" className="px-1 py-0 font-normal text-[0.6875rem]">
            {FIELD_TYPE_LABELS[field.type as FieldType] ?? field.type}
          </Badge>
        </span>
        <Button
          variant="ghost"
          size="icon-sm"
          className="size-6"
          aria-label={`Move ${name} up`}
          disabled={!props.canMoveUp}
          onClick={() => props.onMove(-1)}
        >
          <ArrowUpIcon aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          className="size-6"
          aria-label={`Move ${name} down`}
          disabled={!props.canMoveDown}
          onClick={() => props.onMove(1)}
        >
          <ArrowDownIcon aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          className="size-6"
          aria-label={`Edit ${name}`}
          aria-expanded={props.editing}
          onClick={props.onEdit}
        >
          <PencilIcon aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          className="size-6"
          aria-label={`Delete ${name}`}
          onClick={props.onDelete}
        >
          <TrashIcon aria-hidden="true" />
        </Button>
      </div>
      {props.error && (
        <p role="alert" className="text-destructive text-xs">
          {props.error}
        </p>
      )}
      {props.children}
    </li>
  );
}
