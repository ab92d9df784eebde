import { closestName } from '../closest-name.ts';
import {
  ALLOWED_ENTRY_POINTS,
  ALLOWED_IMPORTS,
  ALLOWED_PACKAGE_NAMES,
  packageOfSpecifier,
} from './vendor-modules.ts';

/**
 * Packages models often reach for that the set does not serve, and what in the set does the job
 * (each name on the right must be in the set: a test checks it).
 */
export const PACKAGE_ALTERNATIVES: Readonly<Record<string, readonly string[]>> = {
  motion: ['motion/react', 'framer-motion'],
  'react-icons': ['lucide-react'],
  '@heroicons/react': ['lucide-react'],
  '@radix-ui/react-icons': ['lucide-react'],
  'react-feather': ['lucide-react'],
  'react-hot-toast': ['sonner'],
  'react-toastify': ['sonner'],
  'react-query': ['@tanstack/react-query'],
  swr: ['@tanstack/react-query'],
  formik: ['react-hook-form', 'zod'],
  yup: ['zod'],
  joi: ['zod'],
  classnames: ['clsx'],
  'lodash-es': ['lodash'],
  underscore: ['lodash'],
  dayjs: ['date-fns', 'moment'],
  luxon: ['date-fns', 'moment'],
  'moment-timezone': ['date-fns', 'moment'],
  'chart.js': ['recharts'],
  'react-chartjs-2': ['recharts'],
  victory: ['recharts'],
  '@nivo/core': ['recharts'],
  apexcharts: ['recharts'],
  'react-apexcharts': ['recharts'],
  marked: ['react-markdown'],
  'markdown-it': ['react-markdown'],
  nanoid: ['uuid'],
  'react-beautiful-dnd': ['@hello-pangea/dnd'],
  '@dnd-kit/core': ['@hello-pangea/dnd'],
  'react-confetti': ['canvas-confetti'],
  'js-confetti': ['canvas-confetti'],
  '@headlessui/react': ['@radix-ui/react-dialog', '@radix-ui/react-popover', '@radix-ui/react-tabs'],
  'react-modal': ['@radix-ui/react-dialog'],
  'react-select': ['@radix-ui/react-select', 'cmdk'],
  'react-datepicker': ['react-day-picker'],
  'react-slick': ['embla-carousel-react'],
  swiper: ['embla-carousel-react'],
  '@react-three/drei': ['@react-three/fiber', 'three'],
  'react-spring': ['framer-motion'],
  '@react-spring/web': ['framer-motion'],
  gsap: ['framer-motion'],
};

/**
 * What in the set can stand in for a specifier it does not serve: a known alternative, another
 * entry point of the same package, or a package name one typo away; empty when nothing fits.
 */
export function alternativesFor(specifier: string): string[] {
  const pkg = packageOfSpecifier(specifier);
  const known = PACKAGE_ALTERNATIVES[pkg];
  if (known) return [...known];
  const sameCodePackage = [pkg, ...ALLOWED_ENTRY_POINTS].filter(
    (candidate) =>
      candidate !== specifier && ALLOWED_IMPORTS.has(candidate) && packageOfSpecifier(candidate) === pkg,
  );
  if (sameCodePackage.length > 0) return sameCodePackage;
  const typo = closestName(pkg, ALLOWED_PACKAGE_NAMES);
  return typo ? [typo] : [];
}
