import { createCache } from '@ant-design/cssinjs';

type StyleCache = ReturnType<typeof createCache>;
type Entry = Parameters<Parameters<StyleCache['opUpdate']>[1]>[0];

/**
 * antd's style cache, kept for the whole session. antd builds a component's style sheet (its
 * style objects, then serialised by stylis) the first time the component mounts and, by default,
 * forgets it when the last instance unmounts; the `<style>` tag stays in the page, but the next
 * mount builds the whole sheet again. Leaving a report for the home page and coming back did that
 * for every table, form, picker and button on both screens: about a fifth of the page's script
 * time on each screen change. This cache keeps an entry whose count falls to zero (the count, not
 * the sheet, goes), so a screen seen before mounts on the sheets it built then. The sheets are one
 * per component and theme: the cache grows with the components used, not with the visits.
 */
export function sessionStyleCache(): StyleCache {
  const cache = createCache();
  const update = cache.opUpdate.bind(cache);
  cache.opUpdate = (key: string, next: (previous: Entry) => Entry) =>
    update(key, (previous) => {
      const value = next(previous);
      // [count, sheet]: the last user left; keep the sheet with a count of none.
      return value === null && previous ? [0, previous[1]] : value;
    });
  return cache;
}
