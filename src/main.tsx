// Must come first: lets antd 5 render with React 19 (STYLE.md traps).
import '@ant-design/v5-patch-for-react-19';
import { i18nReady } from './app/i18n';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { LEAVE_EVENT } from './app/reset-session';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
window.addEventListener(LEAVE_EVENT, () => root.unmount(), { once: true });
// Mock mode (vite --mode mock): the API is answered in the browser before the console asks it anything.
// In any other build the condition is a constant false and the mocks are not part of it.
const mocks = import.meta.env.MODE === 'mock' ? import('../mocks/browser').then((m) => m.startMockMode()) : Promise.resolve();
// The first render waits for the language's words (i18n.ts); were they not to come, the console
// still renders, with the keys in their place, rather than a blank page.
const words = i18nReady.catch(() => undefined);
// The first render as a transition: React renders it in slices, giving the main thread back between
// them, instead of one long task (the login page's total blocking time on a phone).
void Promise.all([mocks, words]).then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
