import { GlobalOutlined, WechatOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SourceWay } from './types';

/** Spec sourceInfo_way: where the customer writes from, shown as an icon. */
export function SourceIcon({ way }: { way: SourceWay }) {
  const { t } = useTranslation();
  const label = t(`chat.source.${way}`);
  return (
    <Tooltip title={label}>
      {way === 'WeChat' ? <WechatOutlined aria-label={label} style={{ color: '#07c160' }} /> : <GlobalOutlined aria-label={label} style={{ color: '#1677ff' }} />}
    </Tooltip>
  );
}
