import { Empty, Input, List, Modal, Spin, Tag, Typography, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SearchHit } from '../../../schemas/search';
import { fetchHits as defaultFetch, SEARCH_DELAY } from './search-client';

interface Props {
  open: boolean;
  onClose(): void;
  /** Where hits come from (tests give their own). */
  fetchHits?: (keyword: string) => Promise<SearchHit[]>;
}

/**
 * The search dialog (spec section 2, opened from the header or with Ctrl+K): 500 ms after the
 * last key it asks the server for menu entries and records the user may open; arrows choose, Enter
 * or a click opens one.
 */
export default function SearchDialog({ open, onClose, fetchHits = defaultFetch }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [hits, setHits] = useState<SearchHit[] | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<InputRef>(null);

  useEffect(() => {
    const word = keyword.trim();
    if (!word) {
      setHits(undefined);
      return undefined;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      setLoading(true);
      fetchHits(word)
        .then((found) => { if (current) { setHits(found); setActive(0); } })
        .catch(() => { if (current) setHits([]); })
        .finally(() => { if (current) setLoading(false); });
    }, SEARCH_DELAY);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [keyword, fetchHits]);

  const close = () => {
    setKeyword('');
    setHits(undefined);
    onClose();
  };
  const openHit = (hit: SearchHit | undefined) => {
    if (!hit) return;
    close();
    navigate(hit.path);
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!hits?.length) return;
    if (event.key === 'ArrowDown') setActive((i) => (i + 1) % hits.length);
    else if (event.key === 'ArrowUp') setActive((i) => (i - 1 + hits.length) % hits.length);
    else if (event.key === 'Enter') openHit(hits[active]);
    else return;
    event.preventDefault();
  };
  const titleOf = (hit: SearchHit) => (hit.kind === 'menu' ? t(hit.title, { defaultValue: hit.title }) : hit.title);

  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      title={t('header.search')}
      destroyOnHidden
      // The modal takes focus as it opens; the keyword box gets it once it is shown, so typing starts at once.
      afterOpenChange={(shown) => { if (shown) inputRef.current?.focus(); }}
    >
      <Input.Search
        ref={inputRef}
        autoFocus
        allowClear
        value={keyword}
        placeholder={t('header.searchPlaceholder')}
        aria-label={t('header.search')}
        onChange={(event) => setKeyword(event.target.value)}
        onKeyDown={onKeyDown}
        data-testid="search-input"
      />
      <div style={{ marginTop: 12, minHeight: 48 }} aria-live="polite">
        {loading && <Spin size="small" />}
        {!loading && hits?.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('header.searchEmpty')} />}
        {!loading && Boolean(hits?.length) && (
          <List
            size="small"
            dataSource={hits}
            data-testid="search-hits"
            renderItem={(hit, index) => (
              <List.Item
                role="option"
                aria-selected={index === active}
                onClick={() => openHit(hit)}
                onMouseEnter={() => setActive(index)}
                style={{ cursor: 'pointer', paddingInline: 8, background: index === active ? 'rgba(0, 0, 0, 0.04)' : undefined }}
                data-testid="search-hit"
              >
                <span>
                  <Tag>{t(`header.searchKinds.${hit.kind}`)}</Tag>
                  {titleOf(hit)}
                </span>
                {hit.detail && <Typography.Text type="secondary">{hit.detail}</Typography.Text>}
              </List.Item>
            )}
          />
        )}
      </div>
    </Modal>
  );
}
