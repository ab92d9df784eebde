// `npm start`: build what is missing or stale, then run the server (API + web app) on one port.
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale();
await import('../apps/server/dist/main.js');
