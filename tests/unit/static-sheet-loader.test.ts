import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staticMediaQuery } from './support/media-query';

// What the loader hands antd; the module is antd's own (cssinjs), recorded here.
const handed = vi.hoisted(() => [] as Array<[Record<string, string>, boolean]>);
vi.mock('@ant-design/cssinjs/es/util/cacheMapUtil', () => ({
  reset: (record: Record<string, string>, fromFile: boolean) => handed.push([record, fromFile]),
}));

const FILES = { motion: '/assets/antd-motion-abc.css', still: '/assets/antd-still-def.css' };

/** The console's page as the build writes it: the data block naming the files. */
function page(files: object | string | undefined) {
  const block = files === undefined ? '' : `<script type="application/json" id="antd-sheets">${typeof files === 'string' ? files : JSON.stringify(files)}</script>`;
  // The console's own CSS, already in the page.
  document.head.innerHTML = `${block}<style id="own">.x{}</style><link rel="stylesheet" href="/assets/own.css">`;
}
const sheetLinks = () => [...document.querySelectorAll<HTMLLinkElement>('link[data-antd-sheets]')];
/** A fresh page: the loader loads once per page, so each test imports it anew. */
const freshLoader = async () => {
  vi.resetModules();
  return (await import('../../src/shell/theme/static-sheet-loader')).loadStaticSheets;
};
const reducedMotion = (on: boolean) => vi.stubGlobal('matchMedia', (query: string) => staticMediaQuery(query, on && query.includes('reduce')));

describe('loadStaticSheets (antd sheets made at build)', () => {
  beforeEach(() => {
    handed.length = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.head.innerHTML = '';
  });

  it('resolves at once and loads nothing where the page names no file (dev server, a broken block)', async () => {
    for (const files of [undefined, '{not json', {}]) {
      page(files);
      await (await freshLoader())();
      expect(sheetLinks()).toEqual([]);
      expect(document.head.querySelectorAll('link')).toHaveLength(1);
    }
    expect(handed).toEqual([]);
  });

  it('loads the file for the motion setting, then hands antd the sheets the file holds', async () => {
    for (const [reduced, file] of [[false, FILES.motion], [true, FILES.still]] as const) {
      handed.length = 0;
      page(FILES);
      reducedMotion(reduced);
      const load = (await freshLoader())();
      const [link] = sheetLinks();
      expect(link?.getAttribute('href')).toBe(file);
      // Before the console's own CSS, which overrides antd's rules at equal specificity.
      expect(document.head.querySelector('style, link[rel="stylesheet"]')).toBe(link);
      expect(handed).toEqual([]); // not before the file is there
      // The file's last rule, as the browser computes it on an element with the record's class.
      const real = window.getComputedStyle.bind(window);
      vi.spyOn(window, 'getComputedStyle').mockImplementation((el) =>
        (el as HTMLElement).className === 'data-ant-cssinjs-cache-path' ? ({ content: '"tok|Button-Button|ant-btn|anticon:h1;tok|Card-Card|ant-card|anticon:h2"' } as CSSStyleDeclaration) : real(el));
      link!.dispatchEvent(new Event('load'));
      await load;
      expect(handed).toEqual([[{ 'tok|Button-Button|ant-btn|anticon': 'h1', 'tok|Card-Card|ant-card|anticon': 'h2' }, true]]);
      expect(document.querySelector('.data-ant-cssinjs-cache-path')).toBeNull(); // the probe is gone
      vi.restoreAllMocks();
      document.head.innerHTML = '';
    }
  });

  it('resolves without the file when it fails to load: antd then builds every sheet itself', async () => {
    page(FILES);
    const loadStaticSheets = await freshLoader();
    const load = loadStaticSheets();
    sheetLinks()[0]!.dispatchEvent(new Event('error'));
    await load;
    expect(sheetLinks()).toEqual([]);
    expect(handed).toEqual([]);
    // Once per page: a second call neither loads again nor waits.
    await loadStaticSheets();
    expect(sheetLinks()).toEqual([]);
  });
});
