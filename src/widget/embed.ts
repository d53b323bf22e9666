/**
 * /widget.js: the one script tag a customer's site adds,
 *   <script src="https://host/widget.js" data-title="..." data-lang="en" data-position="left"></script>
 * It adds a launcher button that opens and closes an iframe of https://host/widget. The chat
 * runs in the iframe, on the call centre's origin: its token stays out of the host page's
 * storage and scripts, its styles cannot collide with the site's, and the site's own CSP needs
 * only frame-src for the host. This file imports nothing and runs as a classic script, so
 * everything is inside one function.
 */
(function embedWidget() {
  const script = document.currentScript as HTMLScriptElement | null;
  if (!script?.src) return;
  const origin = new URL(script.src).origin;
  const title = script.dataset.title ?? '';
  const lang = script.dataset.lang ?? '';
  const side = script.dataset.position === 'left' ? 'left' : 'right';
  const label = title || (/^en/i.test(lang || navigator.language) ? 'Chat with us' : '在线客服');

  const frame = document.createElement('iframe');
  frame.src = `${origin}/widget?${new URLSearchParams({ title, lang }).toString()}`;
  frame.title = label;
  Object.assign(frame.style, {
    position: 'fixed', bottom: '84px', [side]: '20px', width: '360px', height: '540px',
    maxWidth: 'calc(100vw - 40px)', maxHeight: 'calc(100vh - 110px)', border: '0', borderRadius: '12px',
    boxShadow: '0 8px 28px rgba(0,0,0,.22)', zIndex: '2147483000', display: 'none', background: '#fff',
  });

  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = `💬 ${label}`;
  button.setAttribute('aria-expanded', 'false');
  Object.assign(button.style, {
    position: 'fixed', bottom: '20px', [side]: '20px', zIndex: '2147483000', border: '0', borderRadius: '24px',
    padding: '12px 18px', background: '#1677ff', color: '#fff', font: '600 14px system-ui, sans-serif',
    boxShadow: '0 4px 14px rgba(0,0,0,.25)', cursor: 'pointer',
  });
  button.addEventListener('click', () => {
    const open = frame.style.display === 'none';
    frame.style.display = open ? 'block' : 'none';
    button.setAttribute('aria-expanded', String(open));
  });

  const mount = () => document.body.append(frame, button);
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount);
})();
