import { CustomerServiceOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session';
import { siteTitleKey } from '../lib/site-title';

const boxStyle = {
  height: 64,
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  padding: '0 16px 0 24px',
  fontWeight: 600,
  overflow: 'hidden',
  flex: 'none',
} as const;

/** Long titles (the English one) take two lines instead of being cut; the whole title stays on hover. */
const textStyle = {
  lineHeight: 1.3,
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
} as const;

/** The site's mark and title (the department's: console or work-order system); the mark alone when collapsed. */
export function SiteLogo({ collapsed = false, width, color }: { collapsed?: boolean; width?: number; color?: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const workOrderTitle = useSession((state) => state.workOrderTitle);
  const title = t(siteTitleKey(workOrderTitle));
  return (
    <div style={collapsed ? { ...boxStyle, justifyContent: 'center', padding: 0 } : { ...boxStyle, width, color }}>
      <CustomerServiceOutlined style={{ fontSize: 20, color: token.colorPrimary }} />
      {!collapsed && (
        <span title={title} style={textStyle} data-testid="shell-site-title">
          {title}
        </span>
      )}
    </div>
  );
}
