// A 60-file app in the shape real models write (shadcn/ui components as .jsx app files, `cn()`,
// `@/` imports, Radix, TanStack Query, react-hook-form + zod, recharts, framer-motion, sonner),
// for the `shadcn-app` benchmark. `cn()` lives in services/utils.js (an app folder every version
// of the path rules accepts); the components import it as `@/services/utils`.

export interface BenchAppFile {
  path: string;
  content: string;
}

const forward = (name: string, primitive: string, classes: string) =>
  `const ${name} = React.forwardRef(({ className, ...props }, ref) => (
  <${primitive} ref={ref} className={cn(${JSON.stringify(classes)}, className)} {...props} />
));
${name}.displayName = ${JSON.stringify(name)};`;

const UI: Record<string, string> = {
  button: `import * as React from 'react';
import { Slot } from '@radix-ui/react-slot';
import { cva } from 'class-variance-authority';
import { cn } from '@/services/utils';

const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-1 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
        outline: 'border border-input bg-background shadow-sm hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground shadow-sm hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: { default: 'h-9 px-4 py-2', sm: 'h-8 rounded-md px-3 text-xs', lg: 'h-10 rounded-md px-8', icon: 'h-9 w-9' },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

const Button = React.forwardRef(({ className, variant, size, asChild = false, ...props }, ref) => {
  const Comp = asChild ? Slot : 'button';
  return <Comp className={cn(buttonVariants({ variant, size, className }))} ref={ref} {...props} />;
});
Button.displayName = 'Button';

export { Button, buttonVariants };
`,
  card: `import * as React from 'react';
import { cn } from '@/services/utils';

${forward('Card', 'div', 'rounded-xl border bg-card text-card-foreground shadow')}
${forward('CardHeader', 'div', 'flex flex-col space-y-1.5 p-6')}
${forward('CardTitle', 'div', 'font-semibold leading-none tracking-tight')}
${forward('CardDescription', 'div', 'text-sm text-muted-foreground')}
${forward('CardContent', 'div', 'p-6 pt-0')}
${forward('CardFooter', 'div', 'flex items-center p-6 pt-0')}

export { Card, CardHeader, CardFooter, CardTitle, CardDescription, CardContent };
`,
  input: `import * as React from 'react';
import { cn } from '@/services/utils';

const Input = React.forwardRef(({ className, type, ...props }, ref) => (
  <input
    type={type}
    className={cn('flex h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-sm transition-colors placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-1 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 md:text-sm', className)}
    ref={ref}
    {...props}
  />
));
Input.displayName = 'Input';

export { Input };
`,
  textarea: `import * as React from 'react';
import { cn } from '@/services/utils';

${forward('Textarea', 'textarea', 'flex min-h-[60px] w-full rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-1 focus-visible:ring-ring md:text-sm')}

export { Textarea };
`,
  label: `import * as React from 'react';
import * as LabelPrimitive from '@radix-ui/react-label';
import { cva } from 'class-variance-authority';
import { cn } from '@/services/utils';

const labelVariants = cva('text-sm font-medium leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70');

const Label = React.forwardRef(({ className, ...props }, ref) => (
  <LabelPrimitive.Root ref={ref} className={cn(labelVariants(), className)} {...props} />
));
Label.displayName = LabelPrimitive.Root.displayName;

export { Label };
`,
  badge: `import { cva } from 'class-variance-authority';
import { cn } from '@/services/utils';

const badgeVariants = cva('inline-flex items-center rounded-md border px-2.5 py-0.5 text-xs font-semibold transition-colors', {
  variants: {
    variant: {
      default: 'border-transparent bg-primary text-primary-foreground shadow',
      secondary: 'border-transparent bg-secondary text-secondary-foreground',
      destructive: 'border-transparent bg-destructive text-destructive-foreground shadow',
      outline: 'text-foreground',
    },
  },
  defaultVariants: { variant: 'default' },
});

function Badge({ className, variant, ...props }) {
  return <div className={cn(badgeVariants({ variant }), className)} {...props} />;
}

export { Badge, badgeVariants };
`,
  dialog: `import * as React from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '@/services/utils';

const Dialog = DialogPrimitive.Root;
const DialogTrigger = DialogPrimitive.Trigger;
const DialogPortal = DialogPrimitive.Portal;
const DialogClose = DialogPrimitive.Close;

const DialogOverlay = React.forwardRef(({ className, ...props }, ref) => (
  <DialogPrimitive.Overlay ref={ref} className={cn('fixed inset-0 z-50 bg-black/80', className)} {...props} />
));
DialogOverlay.displayName = DialogPrimitive.Overlay.displayName;

const DialogContent = React.forwardRef(({ className, children, ...props }, ref) => (
  <DialogPortal>
    <DialogOverlay />
    <DialogPrimitive.Content
      ref={ref}
      className={cn('fixed left-[50%] top-[50%] z-50 grid w-full max-w-lg translate-x-[-50%] translate-y-[-50%] gap-4 border bg-background p-6 shadow-lg sm:rounded-lg', className)}
      {...props}
    >
      {children}
      <DialogPrimitive.Close className="absolute right-4 top-4 rounded-sm opacity-70 hover:opacity-100">
        <X className="h-4 w-4" />
        <span className="sr-only">Close</span>
      </DialogPrimitive.Close>
    </DialogPrimitive.Content>
  </DialogPortal>
));
DialogContent.displayName = DialogPrimitive.Content.displayName;

const DialogHeader = ({ className, ...props }) => (
  <div className={cn('flex flex-col space-y-1.5 text-center sm:text-left', className)} {...props} />
);
const DialogFooter = ({ className, ...props }) => (
  <div className={cn('flex flex-col-reverse sm:flex-row sm:justify-end sm:space-x-2', className)} {...props} />
);
const DialogTitle = React.forwardRef(({ className, ...props }, ref) => (
  <DialogPrimitive.Title ref={ref} className={cn('text-lg font-semibold leading-none tracking-tight', className)} {...props} />
));
DialogTitle.displayName = DialogPrimitive.Title.displayName;
const DialogDescription = React.forwardRef(({ className, ...props }, ref) => (
  <DialogPrimitive.Description ref={ref} className={cn('text-sm text-muted-foreground', className)} {...props} />
));
DialogDescription.displayName = DialogPrimitive.Description.displayName;

export { Dialog, DialogPortal, DialogOverlay, DialogTrigger, DialogClose, DialogContent, DialogHeader, DialogFooter, DialogTitle, DialogDescription };
`,
  select: `import * as React from 'react';
import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from '@/services/utils';

const Select = SelectPrimitive.Root;
const SelectGroup = SelectPrimitive.Group;
const SelectValue = SelectPrimitive.Value;

const SelectTrigger = React.forwardRef(({ className, children, ...props }, ref) => (
  <SelectPrimitive.Trigger
    ref={ref}
    className={cn('flex h-9 w-full items-center justify-between whitespace-nowrap rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-sm', className)}
    {...props}
  >
    {children}
    <SelectPrimitive.Icon asChild>
      <ChevronDown className="h-4 w-4 opacity-50" />
    </SelectPrimitive.Icon>
  </SelectPrimitive.Trigger>
));
SelectTrigger.displayName = SelectPrimitive.Trigger.displayName;

const SelectContent = React.forwardRef(({ className, children, position = 'popper', ...props }, ref) => (
  <SelectPrimitive.Portal>
    <SelectPrimitive.Content
      ref={ref}
      className={cn('relative z-50 max-h-96 min-w-[8rem] overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-md', className)}
      position={position}
      {...props}
    >
      <SelectPrimitive.Viewport className="p-1">{children}</SelectPrimitive.Viewport>
    </SelectPrimitive.Content>
  </SelectPrimitive.Portal>
));
SelectContent.displayName = SelectPrimitive.Content.displayName;

const SelectItem = React.forwardRef(({ className, children, ...props }, ref) => (
  <SelectPrimitive.Item
    ref={ref}
    className={cn('relative flex w-full cursor-default select-none items-center rounded-sm py-1.5 pl-2 pr-8 text-sm outline-none focus:bg-accent', className)}
    {...props}
  >
    <span className="absolute right-2 flex h-3.5 w-3.5 items-center justify-center">
      <SelectPrimitive.ItemIndicator>
        <Check className="h-4 w-4" />
      </SelectPrimitive.ItemIndicator>
    </span>
    <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
  </SelectPrimitive.Item>
));
SelectItem.displayName = SelectPrimitive.Item.displayName;

export { Select, SelectGroup, SelectValue, SelectTrigger, SelectContent, SelectItem };
`,
  tabs: `import * as React from 'react';
import * as TabsPrimitive from '@radix-ui/react-tabs';
import { cn } from '@/services/utils';

const Tabs = TabsPrimitive.Root;
${forward('TabsList', 'TabsPrimitive.List', 'inline-flex h-9 items-center justify-center rounded-lg bg-muted p-1 text-muted-foreground')}
${forward('TabsTrigger', 'TabsPrimitive.Trigger', 'inline-flex items-center justify-center whitespace-nowrap rounded-md px-3 py-1 text-sm font-medium data-[state=active]:bg-background data-[state=active]:shadow')}
${forward('TabsContent', 'TabsPrimitive.Content', 'mt-2 focus-visible:outline-none')}

export { Tabs, TabsList, TabsTrigger, TabsContent };
`,
  table: `import * as React from 'react';
import { cn } from '@/services/utils';

const Table = React.forwardRef(({ className, ...props }, ref) => (
  <div className="relative w-full overflow-auto">
    <table ref={ref} className={cn('w-full caption-bottom text-sm', className)} {...props} />
  </div>
));
Table.displayName = 'Table';
${forward('TableHeader', 'thead', '[&_tr]:border-b')}
${forward('TableBody', 'tbody', '[&_tr:last-child]:border-0')}
${forward('TableRow', 'tr', 'border-b transition-colors hover:bg-muted/50')}
${forward('TableHead', 'th', 'h-10 px-2 text-left align-middle font-medium text-muted-foreground')}
${forward('TableCell', 'td', 'p-2 align-middle')}

export { Table, TableHeader, TableBody, TableHead, TableRow, TableCell };
`,
  checkbox: `import * as React from 'react';
import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { Check } from 'lucide-react';
import { cn } from '@/services/utils';

const Checkbox = React.forwardRef(({ className, ...props }, ref) => (
  <CheckboxPrimitive.Root
    ref={ref}
    className={cn('peer h-4 w-4 shrink-0 rounded-sm border border-primary shadow data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground', className)}
    {...props}
  >
    <CheckboxPrimitive.Indicator className="flex items-center justify-center text-current">
      <Check className="h-4 w-4" />
    </CheckboxPrimitive.Indicator>
  </CheckboxPrimitive.Root>
));
Checkbox.displayName = CheckboxPrimitive.Root.displayName;

export { Checkbox };
`,
  switch: `import * as React from 'react';
import * as SwitchPrimitives from '@radix-ui/react-switch';
import { cn } from '@/services/utils';

const Switch = React.forwardRef(({ className, ...props }, ref) => (
  <SwitchPrimitives.Root
    className={cn('peer inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent shadow-sm data-[state=checked]:bg-primary data-[state=unchecked]:bg-input', className)}
    {...props}
    ref={ref}
  >
    <SwitchPrimitives.Thumb className="pointer-events-none block h-4 w-4 rounded-full bg-background shadow-lg ring-0 transition-transform data-[state=checked]:translate-x-4 data-[state=unchecked]:translate-x-0" />
  </SwitchPrimitives.Root>
));
Switch.displayName = SwitchPrimitives.Root.displayName;

export { Switch };
`,
  tooltip: `import * as React from 'react';
import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { cn } from '@/services/utils';

const TooltipProvider = TooltipPrimitive.Provider;
const Tooltip = TooltipPrimitive.Root;
const TooltipTrigger = TooltipPrimitive.Trigger;
const TooltipContent = React.forwardRef(({ className, sideOffset = 4, ...props }, ref) => (
  <TooltipPrimitive.Portal>
    <TooltipPrimitive.Content
      ref={ref}
      sideOffset={sideOffset}
      className={cn('z-50 overflow-hidden rounded-md bg-primary px-3 py-1.5 text-xs text-primary-foreground', className)}
      {...props}
    />
  </TooltipPrimitive.Portal>
));
TooltipContent.displayName = TooltipPrimitive.Content.displayName;

export { Tooltip, TooltipTrigger, TooltipContent, TooltipProvider };
`,
  popover: `import * as React from 'react';
import * as PopoverPrimitive from '@radix-ui/react-popover';
import { cn } from '@/services/utils';

const Popover = PopoverPrimitive.Root;
const PopoverTrigger = PopoverPrimitive.Trigger;
const PopoverContent = React.forwardRef(({ className, align = 'center', sideOffset = 4, ...props }, ref) => (
  <PopoverPrimitive.Portal>
    <PopoverPrimitive.Content
      ref={ref}
      align={align}
      sideOffset={sideOffset}
      className={cn('z-50 w-72 rounded-md border bg-popover p-4 text-popover-foreground shadow-md outline-none', className)}
      {...props}
    />
  </PopoverPrimitive.Portal>
));
PopoverContent.displayName = PopoverPrimitive.Content.displayName;

export { Popover, PopoverTrigger, PopoverContent };
`,
  'dropdown-menu': `import * as React from 'react';
import * as DropdownMenuPrimitive from '@radix-ui/react-dropdown-menu';
import { cn } from '@/services/utils';

const DropdownMenu = DropdownMenuPrimitive.Root;
const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger;
const DropdownMenuContent = React.forwardRef(({ className, sideOffset = 4, ...props }, ref) => (
  <DropdownMenuPrimitive.Portal>
    <DropdownMenuPrimitive.Content
      ref={ref}
      sideOffset={sideOffset}
      className={cn('z-50 min-w-[8rem] overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-md', className)}
      {...props}
    />
  </DropdownMenuPrimitive.Portal>
));
DropdownMenuContent.displayName = DropdownMenuPrimitive.Content.displayName;
${forward('DropdownMenuItem', 'DropdownMenuPrimitive.Item', 'relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none focus:bg-accent')}
${forward('DropdownMenuLabel', 'DropdownMenuPrimitive.Label', 'px-2 py-1.5 text-sm font-semibold')}
${forward('DropdownMenuSeparator', 'DropdownMenuPrimitive.Separator', '-mx-1 my-1 h-px bg-muted')}

export { DropdownMenu, DropdownMenuTrigger, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator };
`,
  avatar: `import * as React from 'react';
import * as AvatarPrimitive from '@radix-ui/react-avatar';
import { cn } from '@/services/utils';

${forward('Avatar', 'AvatarPrimitive.Root', 'relative flex h-10 w-10 shrink-0 overflow-hidden rounded-full')}
${forward('AvatarImage', 'AvatarPrimitive.Image', 'aspect-square h-full w-full')}
${forward('AvatarFallback', 'AvatarPrimitive.Fallback', 'flex h-full w-full items-center justify-center rounded-full bg-muted')}

export { Avatar, AvatarImage, AvatarFallback };
`,
  separator: `import * as React from 'react';
import * as SeparatorPrimitive from '@radix-ui/react-separator';
import { cn } from '@/services/utils';

const Separator = React.forwardRef(({ className, orientation = 'horizontal', decorative = true, ...props }, ref) => (
  <SeparatorPrimitive.Root
    ref={ref}
    decorative={decorative}
    orientation={orientation}
    className={cn('shrink-0 bg-border', orientation === 'horizontal' ? 'h-[1px] w-full' : 'h-full w-[1px]', className)}
    {...props}
  />
));
Separator.displayName = SeparatorPrimitive.Root.displayName;

export { Separator };
`,
  skeleton: `import { cn } from '@/services/utils';

function Skeleton({ className, ...props }) {
  return <div className={cn('animate-pulse rounded-md bg-primary/10', className)} {...props} />;
}

export { Skeleton };
`,
  progress: `import * as React from 'react';
import * as ProgressPrimitive from '@radix-ui/react-progress';
import { cn } from '@/services/utils';

const Progress = React.forwardRef(({ className, value, ...props }, ref) => (
  <ProgressPrimitive.Root ref={ref} className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/20', className)} {...props}>
    <ProgressPrimitive.Indicator className="h-full w-full flex-1 bg-primary transition-all" style={{ transform: \`translateX(-\${100 - (value || 0)}%)\` }} />
  </ProgressPrimitive.Root>
));
Progress.displayName = ProgressPrimitive.Root.displayName;

export { Progress };
`,
  accordion: `import * as React from 'react';
import * as AccordionPrimitive from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import { cn } from '@/services/utils';

const Accordion = AccordionPrimitive.Root;
${forward('AccordionItem', 'AccordionPrimitive.Item', 'border-b')}
const AccordionTrigger = React.forwardRef(({ className, children, ...props }, ref) => (
  <AccordionPrimitive.Header className="flex">
    <AccordionPrimitive.Trigger ref={ref} className={cn('flex flex-1 items-center justify-between py-4 text-sm font-medium hover:underline', className)} {...props}>
      {children}
      <ChevronDown className="h-4 w-4 shrink-0 text-muted-foreground" />
    </AccordionPrimitive.Trigger>
  </AccordionPrimitive.Header>
));
AccordionTrigger.displayName = AccordionPrimitive.Trigger.displayName;
const AccordionContent = React.forwardRef(({ className, children, ...props }, ref) => (
  <AccordionPrimitive.Content ref={ref} className="overflow-hidden text-sm" {...props}>
    <div className={cn('pb-4 pt-0', className)}>{children}</div>
  </AccordionPrimitive.Content>
));
AccordionContent.displayName = AccordionPrimitive.Content.displayName;

export { Accordion, AccordionItem, AccordionTrigger, AccordionContent };
`,
  sheet: `import * as React from 'react';
import * as SheetPrimitive from '@radix-ui/react-dialog';
import { cva } from 'class-variance-authority';
import { X } from 'lucide-react';
import { cn } from '@/services/utils';

const Sheet = SheetPrimitive.Root;
const SheetTrigger = SheetPrimitive.Trigger;
const SheetClose = SheetPrimitive.Close;
const sheetVariants = cva('fixed z-50 gap-4 bg-background p-6 shadow-lg', {
  variants: {
    side: {
      top: 'inset-x-0 top-0 border-b',
      bottom: 'inset-x-0 bottom-0 border-t',
      left: 'inset-y-0 left-0 h-full w-3/4 border-r sm:max-w-sm',
      right: 'inset-y-0 right-0 h-full w-3/4 border-l sm:max-w-sm',
    },
  },
  defaultVariants: { side: 'right' },
});
const SheetContent = React.forwardRef(({ side = 'right', className, children, ...props }, ref) => (
  <SheetPrimitive.Portal>
    <SheetPrimitive.Overlay className="fixed inset-0 z-50 bg-black/80" />
    <SheetPrimitive.Content ref={ref} className={cn(sheetVariants({ side }), className)} {...props}>
      <SheetPrimitive.Close className="absolute right-4 top-4 rounded-sm opacity-70">
        <X className="h-4 w-4" />
        <span className="sr-only">Close</span>
      </SheetPrimitive.Close>
      {children}
    </SheetPrimitive.Content>
  </SheetPrimitive.Portal>
));
SheetContent.displayName = SheetPrimitive.Content.displayName;
const SheetTitle = React.forwardRef(({ className, ...props }, ref) => (
  <SheetPrimitive.Title ref={ref} className={cn('text-lg font-semibold text-foreground', className)} {...props} />
));
SheetTitle.displayName = SheetPrimitive.Title.displayName;

export { Sheet, SheetTrigger, SheetClose, SheetContent, SheetTitle };
`,
  sonner: `import { Toaster as Sonner } from 'sonner';

const Toaster = ({ ...props }) => (
  <Sonner
    className="toaster group"
    toastOptions={{ classNames: { toast: 'group toast group-[.toaster]:bg-background group-[.toaster]:text-foreground group-[.toaster]:border-border group-[.toaster]:shadow-lg' } }}
    {...props}
  />
);

export { Toaster };
`,
  alert: `import * as React from 'react';
import { cva } from 'class-variance-authority';
import { cn } from '@/services/utils';

const alertVariants = cva('relative w-full rounded-lg border px-4 py-3 text-sm', {
  variants: { variant: { default: 'bg-background text-foreground', destructive: 'border-destructive/50 text-destructive' } },
  defaultVariants: { variant: 'default' },
});
const Alert = React.forwardRef(({ className, variant, ...props }, ref) => (
  <div ref={ref} role="alert" className={cn(alertVariants({ variant }), className)} {...props} />
));
Alert.displayName = 'Alert';
${forward('AlertTitle', 'h5', 'mb-1 font-medium leading-none tracking-tight')}
${forward('AlertDescription', 'div', 'text-sm [&_p]:leading-relaxed')}

export { Alert, AlertTitle, AlertDescription };
`,
  'scroll-area': `import * as React from 'react';
import * as ScrollAreaPrimitive from '@radix-ui/react-scroll-area';
import { cn } from '@/services/utils';

const ScrollArea = React.forwardRef(({ className, children, ...props }, ref) => (
  <ScrollAreaPrimitive.Root ref={ref} className={cn('relative overflow-hidden', className)} {...props}>
    <ScrollAreaPrimitive.Viewport className="h-full w-full rounded-[inherit]">{children}</ScrollAreaPrimitive.Viewport>
    <ScrollAreaPrimitive.ScrollAreaScrollbar orientation="vertical" className="flex h-full w-2.5 touch-none select-none border-l border-l-transparent p-[1px]">
      <ScrollAreaPrimitive.ScrollAreaThumb className="relative flex-1 rounded-full bg-border" />
    </ScrollAreaPrimitive.ScrollAreaScrollbar>
    <ScrollAreaPrimitive.Corner />
  </ScrollAreaPrimitive.Root>
));
ScrollArea.displayName = ScrollAreaPrimitive.Root.displayName;

export { ScrollArea };
`,
  form: `import * as React from 'react';
import { Slot } from '@radix-ui/react-slot';
import { Controller, FormProvider, useFormContext } from 'react-hook-form';
import { cn } from '@/services/utils';
import { Label } from '@/components/ui/label';

const Form = FormProvider;
const FormFieldContext = React.createContext({});
const FormItemContext = React.createContext({});

const FormField = ({ ...props }) => (
  <FormFieldContext.Provider value={{ name: props.name }}>
    <Controller {...props} />
  </FormFieldContext.Provider>
);

const useFormField = () => {
  const fieldContext = React.useContext(FormFieldContext);
  const itemContext = React.useContext(FormItemContext);
  const { getFieldState, formState } = useFormContext();
  const fieldState = getFieldState(fieldContext.name, formState);
  const { id } = itemContext;
  return { id, name: fieldContext.name, formItemId: \`\${id}-form-item\`, formMessageId: \`\${id}-form-item-message\`, ...fieldState };
};

const FormItem = React.forwardRef(({ className, ...props }, ref) => {
  const id = React.useId();
  return (
    <FormItemContext.Provider value={{ id }}>
      <div ref={ref} className={cn('space-y-2', className)} {...props} />
    </FormItemContext.Provider>
  );
});
FormItem.displayName = 'FormItem';

const FormLabel = React.forwardRef(({ className, ...props }, ref) => {
  const { error, formItemId } = useFormField();
  return <Label ref={ref} className={cn(error && 'text-destructive', className)} htmlFor={formItemId} {...props} />;
});
FormLabel.displayName = 'FormLabel';

const FormControl = React.forwardRef(({ ...props }, ref) => {
  const { error, formItemId, formMessageId } = useFormField();
  return <Slot ref={ref} id={formItemId} aria-describedby={formMessageId} aria-invalid={!!error} {...props} />;
});
FormControl.displayName = 'FormControl';

const FormMessage = React.forwardRef(({ className, children, ...props }, ref) => {
  const { error, formMessageId } = useFormField();
  const body = error ? String(error?.message) : children;
  if (!body) return null;
  return (
    <p ref={ref} id={formMessageId} className={cn('text-[0.8rem] font-medium text-destructive', className)} {...props}>
      {body}
    </p>
  );
});
FormMessage.displayName = 'FormMessage';

export { useFormField, Form, FormItem, FormLabel, FormControl, FormMessage, FormField };
`,
};

const ENTITIES = ['Project', 'Task', 'Customer', 'Invoice', 'Note', 'Member'];

const entity = (name: string) =>
  JSON.stringify(
    {
      name,
      type: 'object',
      properties: {
        title: { type: 'string', description: `${name} title` },
        status: { type: 'string', enum: ['open', 'active', 'done'], default: 'open' },
        amount: { type: 'number' },
        due: { type: 'string', format: 'date' },
      },
      required: ['title'],
      rls: { read: { created_by: '{{user.email}}' }, write: { created_by: '{{user.email}}' } },
    },
    null,
    2,
  );

/** A list page of one entity: TanStack Query over the SDK, a table, a create dialog with a zod form. */
const listPage = (name: string) => `import { useState } from 'react';
import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from 'sonner';
import { format } from 'date-fns';
import { Plus, Search } from 'lucide-react';
import { entities } from '@atelier/app-sdk';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import PageHeader from '@/components/PageHeader';
import EmptyState from '@/components/EmptyState';

const schema = z.object({ title: z.string().min(2, 'Give it a title'), amount: z.coerce.number().min(0) });

export default function ${name}s() {
  const queryClient = useQueryClient();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const { data = [], isLoading } = useQuery({ queryKey: ['${name}'], queryFn: () => entities.${name}.list('-created_date', 50) });
  const create = useMutation({
    mutationFn: (values) => entities.${name}.create(values),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ['${name}'] });
      toast.success('${name} created');
      setOpen(false);
    },
  });
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { title: '', amount: 0 } });
  const rows = data.filter((row) => row.title?.toLowerCase().includes(query.toLowerCase()));
  return (
    <div className="space-y-6 p-6">
      <PageHeader title="${name}s" subtitle="Everything about your ${name.toLowerCase()}s" />
      <div className="flex items-center gap-2">
        <div className="relative flex-1">
          <Search className="absolute left-2 top-2.5 h-4 w-4 text-muted-foreground" />
          <Input className="pl-8" placeholder="Search ${name.toLowerCase()}s" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button><Plus className="h-4 w-4" /> New ${name.toLowerCase()}</Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader><DialogTitle>New ${name.toLowerCase()}</DialogTitle></DialogHeader>
            <Form {...form}>
              <form onSubmit={form.handleSubmit((values) => create.mutate(values))} className="space-y-4">
                <FormField control={form.control} name="title" render={({ field }) => (
                  <FormItem><FormLabel>Title</FormLabel><FormControl><Input {...field} /></FormControl><FormMessage /></FormItem>
                )} />
                <FormField control={form.control} name="amount" render={({ field }) => (
                  <FormItem><FormLabel>Amount</FormLabel><FormControl><Input type="number" {...field} /></FormControl><FormMessage /></FormItem>
                )} />
                <Button type="submit" disabled={create.isPending}>Save</Button>
              </form>
            </Form>
          </DialogContent>
        </Dialog>
      </div>
      {isLoading ? <p className="text-muted-foreground">Loading…</p> : rows.length === 0 ? <EmptyState label="No ${name.toLowerCase()}s yet" /> : (
        <Table>
          <TableHeader><TableRow><TableHead>Title</TableHead><TableHead>Status</TableHead><TableHead>Due</TableHead><TableHead className="text-right">Amount</TableHead></TableRow></TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell className="font-medium">{row.title}</TableCell>
                <TableCell><Badge variant={row.status === 'done' ? 'secondary' : 'default'}>{row.status}</Badge></TableCell>
                <TableCell>{row.due ? format(new Date(row.due), 'MMM d, yyyy') : '—'}</TableCell>
                <TableCell className="text-right">{row.amount ?? 0}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
`;

const PAGES: Record<string, string> = {
  'pages/Home.jsx': `import { motion } from 'framer-motion';
import { useQuery } from '@tanstack/react-query';
import { entities } from '@atelier/app-sdk';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import StatCard from '@/components/StatCard';
import RevenueChart from '@/components/RevenueChart';
import ActivityFeed from '@/components/ActivityFeed';
import PageHeader from '@/components/PageHeader';

export default function Home() {
  const { data: projects = [] } = useQuery({ queryKey: ['Project'], queryFn: () => entities.Project.list('-created_date', 50) });
  return (
    <div className="space-y-6 p-6">
      <PageHeader title="Dashboard" subtitle="Studio overview" />
      <motion.div initial={{ opacity: 0, y: 8 }} animate={{ opacity: 1, y: 0 }} className="grid gap-4 md:grid-cols-3">
        <StatCard label="Projects" value={projects.length} />
        <StatCard label="Open tasks" value={12} />
        <StatCard label="Revenue" value="$48,200" />
      </motion.div>
      <div className="grid gap-4 md:grid-cols-2">
        <Card><CardHeader><CardTitle>Revenue</CardTitle></CardHeader><CardContent><RevenueChart /></CardContent></Card>
        <Card><CardHeader><CardTitle>Activity</CardTitle></CardHeader><CardContent><ActivityFeed /></CardContent></Card>
      </div>
    </div>
  );
}
`,
  'pages/Settings.jsx': `import { useState } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { Label } from '@/components/ui/label';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import PageHeader from '@/components/PageHeader';

export default function Settings() {
  const [emails, setEmails] = useState(true);
  const [currency, setCurrency] = useState('EUR');
  return (
    <div className="space-y-6 p-6">
      <PageHeader title="Settings" subtitle="Preferences for the studio" />
      <Tabs defaultValue="general">
        <TabsList><TabsTrigger value="general">General</TabsTrigger><TabsTrigger value="billing">Billing</TabsTrigger></TabsList>
        <TabsContent value="general">
          <Card>
            <CardHeader><CardTitle>Notifications</CardTitle><CardDescription>How we reach you</CardDescription></CardHeader>
            <CardContent className="flex items-center gap-2"><Switch id="emails" checked={emails} onCheckedChange={setEmails} /><Label htmlFor="emails">E-mail updates</Label></CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="billing">
          <Select value={currency} onValueChange={setCurrency}>
            <SelectTrigger className="w-40"><SelectValue /></SelectTrigger>
            <SelectContent><SelectItem value="EUR">Euro</SelectItem><SelectItem value="USD">Dollar</SelectItem></SelectContent>
          </Select>
        </TabsContent>
      </Tabs>
      <Button onClick={() => toast.success('Settings saved')}>Save</Button>
    </div>
  );
}
`,
  'pages/Reports.jsx': `import { useMemo } from 'react';
import { BarChart, Bar, XAxis, YAxis, ResponsiveContainer, Tooltip } from 'recharts';
import { subMonths, format } from 'date-fns';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import PageHeader from '@/components/PageHeader';

export default function Reports() {
  const data = useMemo(() => Array.from({ length: 6 }, (_, i) => ({ month: format(subMonths(new Date(2026, 5, 1), 5 - i), 'MMM'), value: 20 + i * 7 })), []);
  return (
    <div className="space-y-6 p-6">
      <PageHeader title="Reports" subtitle="Monthly numbers" />
      <Card><CardHeader><CardTitle>Deliveries</CardTitle></CardHeader><CardContent className="h-64">
        <ResponsiveContainer width="100%" height="100%"><BarChart data={data}><XAxis dataKey="month" /><YAxis /><Tooltip /><Bar dataKey="value" fill="hsl(var(--primary))" /></BarChart></ResponsiveContainer>
      </CardContent></Card>
      <Progress value={64} />
    </div>
  );
}
`,
  'pages/Help.jsx': `import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import PageHeader from '@/components/PageHeader';

const QUESTIONS = [
  ['How do I add a project?', 'Open Projects and press New project.'],
  ['Can I invite my team?', 'Yes: Members lists everyone in the studio.'],
  ['Where are invoices?', 'Invoices has them all, newest first.'],
];

export default function Help() {
  return (
    <div className="space-y-6 p-6">
      <PageHeader title="Help" subtitle="Answers to common questions" />
      <Alert><AlertTitle>Tip</AlertTitle><AlertDescription>Press / to search anywhere.</AlertDescription></Alert>
      <Accordion type="single" collapsible>
        {QUESTIONS.map(([q, a]) => (
          <AccordionItem key={q} value={q}><AccordionTrigger>{q}</AccordionTrigger><AccordionContent>{a}</AccordionContent></AccordionItem>
        ))}
      </Accordion>
    </div>
  );
}
`,
  'pages/Profile.jsx': `import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from 'sonner';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import PageHeader from '@/components/PageHeader';

const schema = z.object({ name: z.string().min(2), bio: z.string().max(160).optional() });

export default function Profile() {
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { name: 'Ada', bio: '' } });
  return (
    <div className="space-y-6 p-6">
      <PageHeader title="Profile" subtitle="How others see you" />
      <Avatar><AvatarFallback>AL</AvatarFallback></Avatar>
      <Form {...form}>
        <form onSubmit={form.handleSubmit(() => toast.success('Profile saved'))} className="max-w-md space-y-4">
          <FormField control={form.control} name="name" render={({ field }) => (<FormItem><FormLabel>Name</FormLabel><FormControl><Input {...field} /></FormControl><FormMessage /></FormItem>)} />
          <FormField control={form.control} name="bio" render={({ field }) => (<FormItem><FormLabel>Bio</FormLabel><FormControl><Textarea {...field} /></FormControl><FormMessage /></FormItem>)} />
          <Button type="submit">Save profile</Button>
        </form>
      </Form>
    </div>
  );
}
`,
  'pages/Calendar.jsx': `import { useState } from 'react';
import { addDays, format, startOfWeek } from 'date-fns';
import { AnimatePresence, motion } from 'framer-motion';
import { Button } from '@/components/ui/button';
import { ScrollArea } from '@/components/ui/scroll-area';
import PageHeader from '@/components/PageHeader';

export default function Calendar() {
  const [week, setWeek] = useState(0);
  const start = addDays(startOfWeek(new Date(2026, 0, 5)), week * 7);
  return (
    <div className="space-y-6 p-6">
      <PageHeader title="Calendar" subtitle={format(start, 'MMMM yyyy')} />
      <div className="flex gap-2"><Button variant="outline" onClick={() => setWeek(week - 1)}>Previous</Button><Button variant="outline" onClick={() => setWeek(week + 1)}>Next</Button></div>
      <ScrollArea className="h-72">
        <AnimatePresence mode="popLayout">
          {Array.from({ length: 7 }, (_, i) => addDays(start, i)).map((day) => (
            <motion.div key={day.toISOString()} layout initial={{ opacity: 0 }} animate={{ opacity: 1 }} className="border-b py-2">{format(day, 'EEEE d')}</motion.div>
          ))}
        </AnimatePresence>
      </ScrollArea>
    </div>
  );
}
`,
};

const COMPONENTS: Record<string, string> = {
  'components/PageHeader.jsx': `export default function PageHeader({ title, subtitle }) {
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {subtitle && <p className="text-sm text-muted-foreground">{subtitle}</p>}
    </div>
  );
}
`,
  'components/EmptyState.jsx': `import { Inbox } from 'lucide-react';

export default function EmptyState({ label }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-10 text-muted-foreground">
      <Inbox className="h-6 w-6" />
      <p>{label}</p>
    </div>
  );
}
`,
  'components/StatCard.jsx': `import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export default function StatCard({ label, value }) {
  return (
    <Card>
      <CardHeader className="pb-2"><CardTitle className="text-sm text-muted-foreground">{label}</CardTitle></CardHeader>
      <CardContent className="text-2xl font-bold">{value}</CardContent>
    </Card>
  );
}
`,
  'components/RevenueChart.jsx': `import { Area, AreaChart, ResponsiveContainer, Tooltip, XAxis } from 'recharts';

const DATA = [
  { month: 'Jan', revenue: 4200 }, { month: 'Feb', revenue: 5100 }, { month: 'Mar', revenue: 4800 },
  { month: 'Apr', revenue: 6100 }, { month: 'May', revenue: 7200 }, { month: 'Jun', revenue: 6900 },
];

export default function RevenueChart() {
  return (
    <div className="h-56">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={DATA}><XAxis dataKey="month" /><Tooltip /><Area dataKey="revenue" stroke="hsl(var(--primary))" fill="hsl(var(--primary) / 0.2)" /></AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
`,
  'components/ActivityFeed.jsx': `import { formatDistanceToNow } from 'date-fns';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Separator } from '@/components/ui/separator';

const EVENTS = [
  { who: 'Ada', what: 'closed the Harbor project', at: new Date(2026, 0, 3) },
  { who: 'Lin', what: 'sent invoice #104', at: new Date(2026, 0, 2) },
  { who: 'Sam', what: 'added three tasks', at: new Date(2026, 0, 1) },
];

export default function ActivityFeed() {
  return (
    <ul className="space-y-3">
      {EVENTS.map((event, i) => (
        <li key={i}>
          <div className="flex items-center gap-3">
            <Avatar className="h-8 w-8"><AvatarFallback>{event.who[0]}</AvatarFallback></Avatar>
            <p className="text-sm"><span className="font-medium">{event.who}</span> {event.what} <span className="text-muted-foreground">{formatDistanceToNow(event.at)} ago</span></p>
          </div>
          {i < EVENTS.length - 1 && <Separator className="mt-3" />}
        </li>
      ))}
    </ul>
  );
}
`,
  'components/UserMenu.jsx': `import { LogOut, User } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { auth } from '@atelier/app-sdk';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

export default function UserMenu() {
  const navigate = useNavigate();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild><Button variant="ghost" size="icon" aria-label="Account"><User className="h-4 w-4" /></Button></DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Account</DropdownMenuLabel>
        <DropdownMenuItem onSelect={() => navigate('/profile')}>Profile</DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => auth.logout?.()}><LogOut className="h-4 w-4" /> Sign out</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
`,
  'components/MobileNav.jsx': `import { Menu } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { NAV } from '@/services/nav';

export default function MobileNav() {
  return (
    <Sheet>
      <SheetTrigger asChild><Button variant="ghost" size="icon" className="md:hidden" aria-label="Menu"><Menu className="h-5 w-5" /></Button></SheetTrigger>
      <SheetContent side="left">
        <SheetTitle>Menu</SheetTitle>
        <nav className="mt-4 flex flex-col gap-2">{NAV.map((item) => <NavLink key={item.to} to={item.to}>{item.label}</NavLink>)}</nav>
      </SheetContent>
    </Sheet>
  );
}
`,
  'components/SearchPopover.jsx': `import { useState } from 'react';
import { Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';

export default function SearchPopover() {
  const [text, setText] = useState('');
  return (
    <Popover>
      <PopoverTrigger asChild><Button variant="outline" size="sm"><Search className="h-4 w-4" /> Search</Button></PopoverTrigger>
      <PopoverContent><Input autoFocus placeholder="Search everything" value={text} onChange={(e) => setText(e.target.value)} /></PopoverContent>
    </Popover>
  );
}
`,
  'components/HelpTip.jsx': `import { HelpCircle } from 'lucide-react';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';

export default function HelpTip({ text }) {
  return (
    <TooltipProvider>
      <Tooltip><TooltipTrigger aria-label="Help"><HelpCircle className="h-4 w-4 text-muted-foreground" /></TooltipTrigger><TooltipContent>{text}</TooltipContent></Tooltip>
    </TooltipProvider>
  );
}
`,
  'components/TaskItem.jsx': `import { Checkbox } from '@/components/ui/checkbox';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/services/utils';

export default function TaskItem({ task, onToggle }) {
  return (
    <div className="flex items-center gap-3 py-2">
      <Checkbox checked={task.status === 'done'} onCheckedChange={() => onToggle(task)} />
      <span className={cn('flex-1', task.status === 'done' && 'line-through text-muted-foreground')}>{task.title}</span>
      <Badge variant="outline">{task.status}</Badge>
    </div>
  );
}
`,
  'components/ConfirmDialog.jsx': `import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

export default function ConfirmDialog({ open, onOpenChange, title, onConfirm }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader><DialogTitle>{title}</DialogTitle><DialogDescription>This cannot be undone.</DialogDescription></DialogHeader>
        <DialogFooter><Button variant="outline" onClick={() => onOpenChange(false)}>Cancel</Button><Button variant="destructive" onClick={onConfirm}>Delete</Button></DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
`,
  'components/LoadingCards.jsx': `import { Skeleton } from '@/components/ui/skeleton';

export default function LoadingCards({ count = 3 }) {
  return <div className="grid gap-4 md:grid-cols-3">{Array.from({ length: count }, (_, i) => <Skeleton key={i} className="h-24" />)}</div>;
}
`,
};

const SERVICES: Record<string, string> = {
  'services/utils.js': `import { clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs) {
  return twMerge(clsx(inputs));
}
`,
  'services/nav.js': `export const NAV = [
  { to: '/', label: 'Dashboard' },
${ENTITIES.map((name) => `  { to: '/${name.toLowerCase()}s', label: '${name}s' },`).join('\n')}
  { to: '/reports', label: 'Reports' },
  { to: '/calendar', label: 'Calendar' },
  { to: '/settings', label: 'Settings' },
  { to: '/help', label: 'Help' },
];
`,
  'services/format.js': `export const money = (value, currency = 'EUR') =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(value ?? 0);

export const initials = (name = '') =>
  name.split(' ').map((part) => part[0]).join('').slice(0, 2).toUpperCase();
`,
};

const LAYOUT = `import { NavLink } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/sonner';
import UserMenu from '@/components/UserMenu';
import MobileNav from '@/components/MobileNav';
import SearchPopover from '@/components/SearchPopover';
import { NAV } from '@/services/nav';
import { cn } from '@/services/utils';

const queryClient = new QueryClient();

export default function Layout({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <div className="flex min-h-screen bg-background text-foreground">
        <aside className="hidden w-56 border-r p-4 md:block">
          <p className="mb-4 font-semibold">Studio</p>
          <nav className="flex flex-col gap-1">
            {NAV.map((item) => (
              <NavLink key={item.to} to={item.to} end className={({ isActive }) => cn('rounded-md px-3 py-2 text-sm', isActive && 'bg-muted font-medium')}>
                {item.label}
              </NavLink>
            ))}
          </nav>
        </aside>
        <div className="flex-1">
          <header className="flex items-center justify-between border-b px-4 py-2"><MobileNav /><SearchPopover /><UserMenu /></header>
          <main>{children}</main>
        </div>
      </div>
      <Toaster />
    </QueryClientProvider>
  );
}
`;

const GLOBALS = `@import "tailwindcss";

@theme inline {
  --color-background: hsl(var(--background));
  --color-foreground: hsl(var(--foreground));
  --color-primary: hsl(var(--primary));
  --color-primary-foreground: hsl(var(--primary-foreground));
  --color-muted: hsl(var(--muted));
  --color-muted-foreground: hsl(var(--muted-foreground));
  --color-border: hsl(var(--border));
  --color-card: hsl(var(--card));
  --color-popover: hsl(var(--popover));
  --color-accent: hsl(var(--accent));
  --color-destructive: hsl(var(--destructive));
}

:root {
  --background: 0 0% 100%;
  --foreground: 240 10% 3.9%;
  --primary: 240 5.9% 10%;
  --primary-foreground: 0 0% 98%;
  --muted: 240 4.8% 95.9%;
  --muted-foreground: 240 3.8% 46.1%;
  --border: 240 5.9% 90%;
  --card: 0 0% 100%;
  --popover: 0 0% 100%;
  --accent: 240 4.8% 95.9%;
  --destructive: 0 84.2% 60.2%;
}
`;

/** The 60 files: 25 shadcn/ui components, 12 pages, 12 components, 3 services, 6 entities, Layout and globals.css. */
export function shadcnAppFiles(): BenchAppFile[] {
  const files: BenchAppFile[] = [
    { path: 'Layout.tsx', content: LAYOUT },
    { path: 'globals.css', content: GLOBALS },
    ...Object.entries(UI).map(([name, content]) => ({ path: `components/ui/${name}.jsx`, content })),
    ...Object.entries(PAGES).map(([path, content]) => ({ path, content })),
    ...ENTITIES.map((name) => ({ path: `pages/${name}s.jsx`, content: listPage(name) })),
    ...Object.entries(COMPONENTS).map(([path, content]) => ({ path, content })),
    ...Object.entries(SERVICES).map(([path, content]) => ({ path, content })),
    ...ENTITIES.map((name) => ({ path: `entities/${name}.json`, content: entity(name) })),
  ];
  return files;
}

/** The page whose heading a one-file edit changes. */
export const EDITED_PAGE = 'pages/Settings.jsx';
