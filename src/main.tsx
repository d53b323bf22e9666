// Must come first: lets antd 5 render with React 19 (STYLE.md traps).
import '@ant-design/v5-patch-for-react-19';
import './app/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { LEAVE_EVENT } from './app/reset-session';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
window.addEventListener(LEAVE_EVENT, () => root.unmount(), { once: true });
root.render(
  <StrictMode>
    <App />
  </StrictMode>,
);
