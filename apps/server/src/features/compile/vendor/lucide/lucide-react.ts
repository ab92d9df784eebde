// lucide-react as the set serves it: the installed version, plus the icons 1.0 dropped that apps
// written against 0.x import (`Github`, `Facebook`, … in Base44 exports' footers).
export * from 'lucide-react';
export * from './dropped-icons.ts';
