import { create } from 'zustand';

/** The title a screen gives itself (usePageTitle), by path: a tab's title where the route list has none. */
export interface PageTitle {
  title: string;
  values?: Record<string, string>;
}

export const usePageTitles = create<Record<string, PageTitle>>(() => ({}));

/** The path of the hash router's address (#/system/user?currentPage=2 → /system/user). */
export const hashPath = () => window.location.hash.replace(/^#/, '').split('?')[0] || '/';

export function notePageTitle(title: string, values?: Record<string, string>): void {
  const path = hashPath();
  const known = usePageTitles.getState()[path];
  if (known?.title === title && JSON.stringify(known.values) === JSON.stringify(values)) return;
  usePageTitles.setState({ [path]: { title, ...(values ? { values } : {}) } });
}
