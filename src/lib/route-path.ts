/** Paths of the server's route items, which may be absolute, relative to their parent, or external links. */

export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/i.test(path);
}

/** A child's full path: absolute and external paths stand alone, others join the parent's. */
export function resolvePath(parent: string, path: string): string {
  if (isExternal(path) || path.startsWith('/')) return path;
  if (path === '') return parent || '/';
  return `${parent.replace(/\/+$/, '')}/${path}`;
}
