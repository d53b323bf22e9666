import { SearchOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog, WhenFirstOpened } from '../../lib/when-opened';

// The dialog and its client load when first opened.
const SearchDialog = lazyDialog(() => import('./SearchDialog'));

/** Ctrl+K (or Cmd+K) anywhere in the console. */
export const isSearchShortcut = (event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean =>
  (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';

/** The header's search button (theme setting showSearch, off by default); Ctrl+K opens it too. */
export function SearchButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <Tooltip title={`${t('header.search')} (${t('header.searchHint')})`}>
        <Button type="text" icon={<SearchOutlined />} aria-label={t('header.search')} aria-keyshortcuts="Control+K" data-testid="header-search"
          onClick={() => setOpen(true)} />
      </Tooltip>
      <WhenFirstOpened open={open} onFailed={() => setOpen(false)}>
        <SearchDialog open={open} onClose={() => setOpen(false)} />
      </WhenFirstOpened>
    </>
  );
}
