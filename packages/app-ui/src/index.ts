/**
 * @atelier/ui — the small UI kit of generated apps (Tailwind classes, React, no other runtime).
 * Served pre-bundled as `/preview-vendor/atelier-ui.js`; its classes are always part of an app's CSS.
 */
export { Button, type ButtonProps, buttonClasses } from './button.tsx';
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card.tsx';
export { cn } from './cn.ts';
export {
  Alert,
  AlertDescription,
  AlertTitle,
  Avatar,
  Badge,
  type BadgeProps,
  Progress,
  Separator,
  Skeleton,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from './display.tsx';
export {
  Checkbox,
  Input,
  Label,
  Select,
  type SelectOption,
  type SelectProps,
  Switch,
  Textarea,
} from './form.tsx';
export {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from './overlay.tsx';
