// Base44's and older shadcn apps import the toast hook from here.
export { toast, useToast } from '@/hooks/use-toast';
