/**
 * The quick replies matching the `/` being typed, above the reply box: the chosen one
 * highlighted with its filled text in full below the list (the preview). The composer owns the
 * keys (↑ ↓ Enter Esc); a click picks too.
 */
import { Empty, Tag, Typography, theme } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fillVariables, type QuickReply, type QuickReplyVariables } from './quick-replies';

export function QuickReplyList({ replies, active, vars, onPick }: {
  replies: readonly QuickReply[];
  active: number;
  vars: QuickReplyVariables;
  onPick: (reply: QuickReply) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const list = useRef<HTMLDivElement>(null);
  const chosen = replies[active];
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  return (
    <div
      data-testid="quick-replies"
      style={{
        position: 'absolute', left: 0, right: 0, bottom: '100%', marginBottom: 4, zIndex: 10,
        background: token.colorBgElevated, boxShadow: token.boxShadowSecondary, borderRadius: token.borderRadiusLG,
        padding: token.paddingXS,
      }}
    >
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, padding: `0 ${token.paddingXS}px` }}>
        {t('chat.quickReplies.title')}
      </Typography.Text>
      {replies.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.quickReplies.none')} style={{ margin: token.marginXS }} />
      ) : (
        <>
          <div ref={list} role="listbox" aria-label={t('chat.quickReplies.title')} style={{ maxHeight: 200, overflowY: 'auto', marginTop: 4 }}>
            {replies.map((r, i) => (
              <div
                key={r.id}
                role="option"
                aria-selected={i === active}
                data-testid="quick-reply-option"
                onMouseDown={(e) => {
                  e.preventDefault(); // keep the focus in the reply box
                  onPick(r);
                }}
                style={{
                  display: 'flex', gap: 8, alignItems: 'center', cursor: 'pointer',
                  padding: `${token.paddingXXS}px ${token.paddingXS}px`, borderRadius: token.borderRadiusSM,
                  background: i === active ? token.controlItemBgActive : undefined,
                }}
              >
                <Typography.Text strong style={{ flex: 'none', maxWidth: '40%' }} ellipsis>{r.caption}</Typography.Text>
                <Typography.Text type="secondary" style={{ flex: 1, minWidth: 0 }} ellipsis>{r.text}</Typography.Text>
                <Tag style={{ marginInlineEnd: 0 }} color={r.scope === 'shared' ? 'blue' : undefined}>{t(`chat.quickReplies.${r.scope}`)}</Tag>
              </div>
            ))}
          </div>
          {chosen && (
            <div
              data-testid="quick-reply-preview"
              style={{
                marginTop: 4, padding: token.paddingXS, borderTop: `1px solid ${token.colorSplit}`,
                whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 120, overflowY: 'auto',
              }}
            >
              {fillVariables(chosen.text, vars)}
            </div>
          )}
        </>
      )}
    </div>
  );
}
