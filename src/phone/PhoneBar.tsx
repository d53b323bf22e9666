import { PhoneOutlined } from '@ant-design/icons';
import { App, Badge, Button, Input, Popover, Select, Space, Tag, theme, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { SeatStatusCode } from '../../schemas/protocol/seat-status';
import { hasSeat } from '../../data-providers/user-info';
import { useSession } from '../app/session';
import { PhoneButtons } from './PhoneButtons';
import { phoneStore, usePhone } from './phone';
import type { Alert } from './rules';
import { buttons, isOffline, statusChoices, statusColor, timerText, type PhoneAction } from './state-machine';
import { useLabelsFit } from './use-labels-fit';
import { lazyDialog, WhenFirstOpened } from '../lib/when-opened';

// The transfer dialog (its seat table) loads when first opened.
const TransferDialog = lazyDialog(() => import('./TransferDialog'));

/**
 * The phone bar in the header (spec sections 2 and 4): seat number, status selector (ready
 * green, the others red) with its timer, the dial box, the buttons of the current state and
 * an offline badge. It starts the phone store for the signed-in seat, stops it on unmount and
 * closes the seat's status when the page is left.
 */
export default function PhoneBar({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const user = useSession();
  const agent = usePhone((s) => s.agent);
  const now = usePhone((s) => s.now);
  const notice = usePhone((s) => s.notice);
  const [number, setNumber] = useState('');
  const [transferOpen, setTransferOpen] = useState(false);
  // The phone's controls open over the page: moving to another page (a menu choice, the call pop-up) closes them.
  const [controlsOpen, setControlsOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setControlsOpen(false), [pathname]);

  const { token: colors } = theme.useToken();
  const { userSeatNo, token } = user;
  useEffect(() => {
    phoneStore.getState().start(useSession.getState(), hasSeat(useSession.getState()));
    const leave = () => phoneStore.getState().leave();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      phoneStore.getState().stop();
    };
  }, [userSeatNo, token]);

  useEffect(() => {
    if (!notice) return;
    void message.warning(t(notice.key, notice.values));
    phoneStore.getState().dismissNotice();
  }, [notice, message, t]);

  // The full bar's buttons lose their labels, not their line, when the header is short of room.
  const barRef = useRef<HTMLDivElement>(null);
  const shownNow = agent ? buttons(agent) : [];
  const labels = useLabelsFit(barRef, `${shownNow.join()}|${agent?.userSeatStatus ?? ''}|${agent?.phase ?? ''}|${compact}`);

  if (!agent) return null;
  const offline = isOffline(agent);
  const shown = shownNow;
  const color = statusColor(agent.curStatus);
  // antd's tag text on its tint reads 3.4:1 (axe: color-contrast); one shade darker reads 5:1.
  const timerInk = color === 'green' ? colors.green8 : color === 'red' ? colors.red8 : undefined;
  const alertOf = (alert: Alert | null) => {
    if (alert) modal.warning({ title: t(alert.title), content: t(alert.content) });
  };
  const failed = (error: unknown) => void message.error(error instanceof Error ? error.message : String(error));
  const askNotifications = () => {
    if (typeof Notification !== 'undefined' && Notification.permission === 'default') void Notification.requestPermission().catch(() => undefined);
  };

  const act = (action: PhoneAction) => {
    askNotifications();
    const store = phoneStore.getState();
    const run: Record<PhoneAction, () => unknown> = {
      dial: () => store.dial(number).then(alertOf),
      ready: () => store.choose(0),
      toilet: () => store.toilet(),
      afterCall: () => store.choose(4),
      hold: () => store.control('uuid_holdon'),
      resume: () => store.control('uuid_holdoff'),
      hangup: () => store.control('uuid_kill'),
      hangupAll: () => store.control('uuid_killthree'),
      dropThird: () => store.control('uuid_killthree2'),
      transfer: () => setTransferOpen(true),
      survey: () => store.survey(),
      answer: () => store.control('uuid_answer'),
      leave: () => store.control('uuid_kill'),
      completeTransfer: () => store.control('uuid_consult_done'),
      cancelConsult: () => store.control('uuid_consult_cancel'),
    };
    void Promise.resolve().then(run[action]).catch(failed);
  };

  const countdown = agent.afterCallUntil === null ? null : Math.max(0, Math.ceil((agent.afterCallUntil - now) / 1000));
  const timer = (
    <Tag
      color={color === 'default' ? undefined : color}
      data-testid="phone-timer"
      style={{ marginInlineEnd: 0, fontVariantNumeric: 'tabular-nums', ...(timerInk && { color: timerInk }) }}
    >
      {agent.userSeatStatus ? `${t(agent.userSeatStatus)} ` : ''}
      {timerText(agent, now)}
      {countdown !== null && ` (${t('phone.afterCallCountdown', { seconds: countdown })})`}
    </Tag>
  );
  const offlineBadge = offline && (
    <Badge status="error" text={compact ? undefined : t('phone.offline')} data-testid="phone-offline" title={t('phone.offline')} />
  );
  // Who this seat is on the call, when not simply its agent; and what to do with a ringing call the bar cannot answer.
  const note = agent.phase === 'idle' ? null
    : agent.party !== 'agent' ? t(`phone.party.${agent.party}`)
      : agent.consult ? t(`phone.consulting.${agent.consult}`)
        : agent.transferIn === agent.callId ? t('phone.transferredIn') : null;
  const answerHint = agent.phase === 'ringing' && agent.direction === 'in' && agent.answerBy === 'phone' && (
    <Typography.Text type="secondary" data-testid="phone-answer-on-phone" style={{ whiteSpace: 'nowrap' }}>{t('phone.answerOnPhone')}</Typography.Text>
  );
  const callNumber = agent.phase !== 'idle' && agent.phoneNo && (
    <Space size={4}>
      {note && <Tag color="blue" data-testid="phone-call-note" style={{ marginInlineEnd: 0 }}>{note}</Tag>}
      <Typography.Text data-testid="phone-number" style={{ whiteSpace: 'nowrap' }}>{agent.phoneNo}</Typography.Text>
    </Space>
  );
  const controls = (
    <Space size={8} wrap={compact} style={compact ? { width: '100%' } : undefined}>
      <Select<SeatStatusCode>
        data-testid="phone-status"
        aria-label={t('phone.statusLabel')}
        size="small"
        style={{ minWidth: 110 }}
        popupMatchSelectWidth={false}
        value={statusChoices(agent).some((o) => o.code === agent.curStatus) ? (agent.curStatus as SeatStatusCode) : undefined}
        placeholder={agent.userSeatStatus ? t(agent.userSeatStatus) : t('phone.noStatus')}
        onChange={(code) => {
          askNotifications();
          void phoneStore.getState().choose(code).catch(failed);
        }}
        options={statusChoices(agent).map((o) => ({
          value: o.code,
          disabled: o.disabled,
          label: <Badge color={o.code === 0 ? 'green' : 'red'} text={t(o.label)} />,
        }))}
      />
      {shown.includes('dial') && (
        <Input
          size="small"
          data-testid="phone-dial-input"
          aria-label={t('phone.dialPlaceholder')}
          placeholder={t('phone.dialPlaceholder')}
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          onPressEnter={() => act('dial')}
          style={{ width: 150 }}
          inputMode="tel"
        />
      )}
      <PhoneButtons shown={shown} onAction={act} wrap={compact} iconsOnly={!compact && !labels} />
    </Space>
  );
  const dialog = (
    <WhenFirstOpened open={transferOpen} onFailed={() => setTransferOpen(false)}>
      <TransferDialog open={transferOpen} onClose={() => setTransferOpen(false)} onAlert={alertOf} />
    </WhenFirstOpened>
  );

  // A phone's header has room for the timer only: the controls open from it.
  if (compact) {
    return (
      <Space size={4} data-testid="phone-bar">
        <Popover
          trigger="click"
          open={controlsOpen}
          onOpenChange={setControlsOpen}
          placement="bottomLeft"
          title={t('phone.seat', { seat: agent.userSeatNo || '0' })}
          content={<Space direction="vertical" style={{ width: 'min(300px, calc(100vw - 48px))' }}>{timer}{callNumber}{answerHint}{controls}</Space>}
        >
          <Button
            size="small"
            variant="outlined"
            color={color === 'default' ? 'default' : color}
            icon={<PhoneOutlined />}
            data-testid="phone-bar-open"
            // The name begins with the time it shows (axe: label-content-name-mismatch), then says what it opens.
            aria-label={`${timerText(agent, now)} ${t('phone.open')}: ${agent.userSeatStatus ? t(agent.userSeatStatus) : t('phone.noStatus')}`}
            // The timer in the darker shade the wide bar's timer uses: antd's red on white reads 4.1:1 (axe: color-contrast).
            style={{ fontVariantNumeric: 'tabular-nums', paddingInline: 6, ...(timerInk ? { color: timerInk } : {}) }}
          >
            {timerText(agent, now)}
          </Button>
        </Popover>
        {offlineBadge}
        {dialog}
      </Space>
    );
  }
  return (
    <Space ref={barRef} size={8} data-testid="phone-bar" data-labels={labels ? 'shown' : 'icons'} style={{ maxWidth: '100%', overflowX: 'auto', overflowY: 'hidden' }}>
      <Typography.Text strong data-testid="phone-seat" style={{ whiteSpace: 'nowrap' }}>
        {t('phone.seat', { seat: agent.userSeatNo || '0' })}
      </Typography.Text>
      {timer}
      {offlineBadge}
      {callNumber}
      {answerHint}
      {controls}
      {dialog}
    </Space>
  );
}
