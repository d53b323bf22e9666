import {
  CheckCircleOutlined, CheckOutlined, ClockCircleOutlined, CloseCircleOutlined, CloseOutlined, EditOutlined, LogoutOutlined,
  PauseCircleOutlined, PhoneOutlined, PlayCircleOutlined, SmileOutlined, StopOutlined, SwapOutlined, UserDeleteOutlined,
} from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { actionForKey, shortcutText } from './shortcuts';
import type { PhoneAction } from './state-machine';

const ICONS: Record<PhoneAction, ReactNode> = {
  dial: <PhoneOutlined />,
  ready: <CheckCircleOutlined />,
  toilet: <ClockCircleOutlined />,
  afterCall: <EditOutlined />,
  hold: <PauseCircleOutlined />,
  resume: <PlayCircleOutlined />,
  hangup: <CloseCircleOutlined />,
  hangupAll: <StopOutlined />,
  dropThird: <UserDeleteOutlined />,
  transfer: <SwapOutlined />,
  survey: <SmileOutlined />,
  answer: <PhoneOutlined />,
  leave: <LogoutOutlined />,
  completeTransfer: <CheckOutlined />,
  cancelConsult: <CloseOutlined />,
};

const DANGER: ReadonlySet<PhoneAction> = new Set(['hangup', 'hangupAll', 'leave']);
const PRIMARY: ReadonlySet<PhoneAction> = new Set(['dial', 'answer', 'completeTransfer']);

/**
 * The buttons of the current state, each with its name and shortcut in the tooltip; the shortcuts
 * work anywhere on the page while their button is shown.
 */
export function PhoneButtons({ shown, onAction, wrap = true, iconsOnly = false }: {
  shown: readonly PhoneAction[];
  onAction: (action: PhoneAction) => void;
  /** Onto more lines when short of room (the phone's popover); the header's bar keeps one line. */
  wrap?: boolean;
  /** Icons without their labels (the header short of room): the name stays in the tooltip and aria-label. */
  iconsOnly?: boolean;
}) {
  const { t } = useTranslation();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = actionForKey(event, shown);
      if (!action) return;
      event.preventDefault();
      onAction(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown, onAction]);

  return (
    <Space size={4} wrap={wrap}>
      {shown.map((action) => (
        <Tooltip key={action} title={`${t(`phone.actions.${action}`)} (${shortcutText(action)})`}>
          <Button
            size="small"
            data-testid={`phone-action-${action}`}
            aria-label={t(`phone.actions.${action}`)}
            aria-keyshortcuts={shortcutText(action)}
            icon={ICONS[action]}
            danger={DANGER.has(action)}
            type={PRIMARY.has(action) ? 'primary' : 'default'}
            onClick={() => onAction(action)}
          >
            {iconsOnly ? null : t(`phone.actions.${action}`)}
          </Button>
        </Tooltip>
      ))}
    </Space>
  );
}
