// `npm run dev`: the server with reload on change (port 3000) and Vite with HMR (port 5173)
// proxying /api to it. Ctrl+C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@atelier/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@atelier/web'], { stdio: 'inherit' }),
];
console.log('\n  Atelier dev: open http://localhost:5173 (API on http://localhost:3000)\n');
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
