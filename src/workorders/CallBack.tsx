import { PhoneOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderRow } from '../../schemas/workorders/wire';
import { ApiError } from '../../data-providers/http-error';
import { phoneStore, usePhone } from '../phone/phone';
import { isOffline } from '../phone/state-machine';
import { orderApi } from './api';

/** How often the page asks to link a call the records do not show yet (the switch's events are written just after the seat hears of the call). */
const LINK_TRIES = 10;
const LINK_WAIT_MS = 500;

/** Links the call to the order, asking again while the server says the call is not written yet. */
async function linkCall(id: number, callId: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await orderApi.linkCall(id, callId);
      return;
    } catch (e) {
      const pending = e instanceof ApiError && e.statusCode === 409 && (e.data as { callPending?: boolean } | undefined)?.callPending;
      if (!pending || attempt >= LINK_TRIES) throw e;
      await new Promise((resolve) => setTimeout(resolve, LINK_WAIT_MS * attempt));
    }
  }
}

/**
 * "Call back" on an order (issue 21 item 6): dials the customer's number through the phone bar
 * (the same dial as its dial box: the company's number rules, the seat's line), and once the
 * switch has made the call, links it to the order (a 'call' event). `changed` is told when the
 * call is linked and again when it ends (its record and recording are complete then).
 */
export default function CallBack({ order, changed }: { order: OrderRow; changed: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const agent = usePhone((s) => s.agent);
  /**
   * A dial sent from here: the seat's call id before it (the next outbound call id is the call
   * back), and whether the bar has left idle since (back to idle without a new call: refused).
   */
  const dialled = useRef<{ before: string; left: boolean } | undefined>(undefined);
  /** The call linked from here, until it ends. */
  const linked = useRef<string | undefined>(undefined);
  const [waiting, setWaiting] = useState(false);
  const latest = useRef({ id: order.id, changed, message, t });
  latest.current = { id: order.id, changed, message, t };

  // Watched on the store itself: the switch may make the call before the dial's own promise settles.
  useEffect(() => phoneStore.subscribe(({ agent: a }) => {
    const { id, changed: tell, message: say, t: tr } = latest.current;
    const d = dialled.current;
    if (d && a) {
      if (a.direction === 'out' && a.callId && a.callId !== d.before) {
        dialled.current = undefined;
        setWaiting(false);
        linked.current = a.callId;
        linkCall(id, a.callId).then(() => {
          void say.success(tr('workOrders.callBack.linked'));
          tell();
        }, (e: unknown) => void say.error(e instanceof Error ? e.message : String(e)));
      } else if (a.phase !== 'idle') d.left = true;
      else if (d.left) {
        dialled.current = undefined;
        setWaiting(false);
      }
    }
    // The linked call ended: its record now holds its times and recording.
    if (linked.current && a?.phase === 'idle') {
      linked.current = undefined;
      tell();
    }
  }), []);

  const phase = agent?.phase ?? 'idle';
  const masked = order.phone.includes('****');
  const why = !agent ? t('workOrders.callBack.noSeat') : isOffline(agent) ? t('phone.offline') : !order.phone || masked ? t('workOrders.callBack.noNumber')
    : phase !== 'idle' ? t('workOrders.callBack.busy') : '';
  const dial = async () => {
    dialled.current = { before: phoneStore.getState().agent?.callId ?? '', left: false };
    setWaiting(true);
    const alert = await phoneStore.getState().dial(order.phone);
    const now = phoneStore.getState().agent;
    // Refused before anything was sent (a number rule, the phone offline): no call will come.
    if (alert || (dialled.current && !dialled.current.left && now?.phase === 'idle')) {
      dialled.current = undefined;
      setWaiting(false);
    }
    if (alert) modal.warning({ title: t(alert.title), content: t(alert.content) });
  };
  return (
    <Tooltip title={why}>
      <Button icon={<PhoneOutlined />} disabled={why !== ''} loading={waiting} onClick={() => void dial().catch((e: unknown) => message.error(String(e)))} data-testid="order-call-back">
        {t('workOrders.callBack.button')}
      </Button>
    </Tooltip>
  );
}
