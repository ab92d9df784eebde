import { clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names, later Tailwind classes winning over earlier ones (`cn('p-2', 'p-4')` is `p-4`). */
export function cn(...inputs) {
  return twMerge(clsx(inputs));
}
