import './widget.css';
import { createClient, type WidgetClient } from './client.ts';
import { pickLang, textsOf } from './texts.ts';
import { uploadFile } from './upload.ts';
import { mountWidget } from './view.ts';

/**
 * The customer chat widget (/widget): standalone, or inside the iframe that /widget.js puts on a
 * customer's site (?title=&lang= come from the script tag's data-title and data-lang). A saved
 * chat resumes at once; a new visitor first gives a name (optional).
 */
const params = new URLSearchParams(location.search);
const lang = pickLang(params.get('lang'), navigator.language);
const t = textsOf(lang);
document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
const title = (params.get('title') ?? '').slice(0, 60) || t('title');
document.title = title;

let client: WidgetClient | undefined;
const view = mountWidget(document.getElementById('app')!, () => client!, {
  title, lang, t, upload: (file, token) => uploadFile(file, token, lang),
});
client = createClient({
  url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/visitor`,
  storage: localStorage,
  onChange: (state, online) => view.update(state, online),
});
view.update(client.state, false);
if (client.state.token) client.start();
