import { GlobalOutlined, WechatOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SourceWay } from './types';

/**
 * Spec sourceInfo_way: where the customer writes from, shown as an icon with its name in a
 * tooltip; `plain` (the chat list's rows, which mount as chats move into view) names it in the
 * browser's own tooltip instead of antd's, which costs a mount of its own each time.
 */
export function SourceIcon({ way, plain = false }: { way: SourceWay; plain?: boolean }) {
  const { t } = useTranslation();
  const label = t(`chat.source.${way}`);
  const icon = way === 'WeChat'
    ? <WechatOutlined aria-label={label} title={plain ? label : undefined} style={{ color: '#07c160' }} />
    : <GlobalOutlined aria-label={label} title={plain ? label : undefined} style={{ color: '#1677ff' }} />;
  return plain ? icon : <Tooltip title={label}>{icon}</Tooltip>;
}
