import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { applyTheme, readInitialTheme } from './lib/theme.tsx';
import './styles.css';

// Set the theme class before the first render so the page never flashes the wrong theme.
applyTheme(readInitialTheme());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
