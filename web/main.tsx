// Browser entry: mounts the app; Monaco loads later, with the first panel that needs it.
// First, so that no schema is built before zod's compiler is off (see the module).
import './lib/zod-jitless.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import { startPresentation } from './lib/ui/presentation.js';
import { startTheme } from './lib/ui/theme.js';
import './styles.css';

// Before the first render, so the page never flashes the other theme.
startTheme();
startPresentation();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
