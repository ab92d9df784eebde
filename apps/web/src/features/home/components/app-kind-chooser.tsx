import { RadioGroup } from 'radix-ui';
import { cn } from '../../../lib/cn.ts';
import { APP_KIND_OPTIONS, type AppKind } from '../app-kinds.ts';

interface AppKindChooserProps {
  value: AppKind;
  onValueChange: (value: AppKind) => void;
}

/** A segmented radio group: Generated app, Single tool, Space app, Chat (arrow keys move). */
export function AppKindChooser({ value, onValueChange }: AppKindChooserProps) {
  return (
    <RadioGroup.Root
      aria-label="Kind of app"
      value={value}
      onValueChange={(next) => {
        const option = APP_KIND_OPTIONS.find((candidate) => candidate.value === next);
        if (option) onValueChange(option.value);
      }}
      orientation="horizontal"
      className="grid w-full grid-cols-2 gap-1 rounded-md bg-muted p-1 sm:inline-flex sm:w-auto"
    >
      {APP_KIND_OPTIONS.map((option) => (
        <RadioGroup.Item
          key={option.value}
          value={option.value}
          title={option.description}
          className={cn(
            'h-7 rounded-sm px-3 font-medium text-muted-foreground text-xs transition-colors',
            'hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
            'data-[state=checked]:bg-background data-[state=checked]:text-foreground data-[state=checked]:ring-1 data-[state=checked]:ring-border',
          )}
        >
          {option.label}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
