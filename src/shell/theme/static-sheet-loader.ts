// antd's record of the sheets a CSS file holds. Not part of the package's index: cssinjs reads the
// record once, at the first component it styles (the login page or the console's loading spinner),
// so a file that arrives later has to be handed to it. The version is pinned (package.json).
import { reset as setSheetsFromFile } from '@ant-design/cssinjs/es/util/cacheMapUtil';
import { prefersReducedMotion } from './reduced-motion';

/** The class of the rule that closes a sheet made at build: its `content` lists the sheets it holds. */
const MAP_CLASS = 'data-ant-cssinjs-cache-path';

interface SheetFiles { motion?: string; still?: string }

function sheetFiles(): SheetFiles {
  try {
    return JSON.parse(document.getElementById('antd-sheets')?.textContent || '{}') as SheetFiles;
  } catch {
    return {};
  }
}

/** The sheets the file holds, read as antd reads them: the `content` of an element with the record's class. */
function recordOf(): Record<string, string> {
  const probe = document.createElement('div');
  probe.className = MAP_CLASS;
  probe.style.position = 'fixed';
  probe.style.visibility = 'hidden';
  document.body.appendChild(probe);
  const content = getComputedStyle(probe).content.replace(/^"|"$/g, '');
  probe.remove();
  const record: Record<string, string> = {};
  for (const item of content.split(';')) {
    const [path, hash] = item.split(':');
    if (path && hash) record[path] = hash;
  }
  return record;
}

let loading: Promise<void> | undefined;

/**
 * Loads antd's sheets made at build for the default look (src/shell/theme/static-styles.ts,
 * scripts/antd-styles.ts), the file for the system's reduced-motion setting, and tells antd which
 * sheets it holds, so that it takes them from it instead of building them. Resolves when that is
 * done, or at once when there is no such file (dev server, unit tests) or it fails to load: antd
 * then builds every sheet as usual. Once per page.
 */
export function loadStaticSheets(): Promise<void> {
  loading ??= new Promise<void>((resolve) => {
    const files = sheetFiles();
    const href = prefersReducedMotion() ? files.still : files.motion;
    if (!href) return resolve();
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.antdSheets = '';
    link.onload = () => {
      const record = recordOf();
      if (Object.keys(record).length > 0) setSheetsFromFile(record, true);
      resolve();
    };
    link.onerror = () => {
      link.remove();
      resolve();
    };
    // Before every other style in the page, where antd puts the sheets it builds: the console's own
    // CSS (side menu, tab bar, chat list) overrides antd's rules at equal specificity, as it must.
    document.head.insertBefore(link, document.head.querySelector('style, link[rel="stylesheet"]'));
  });
  return loading;
}
