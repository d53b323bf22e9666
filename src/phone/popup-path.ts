/**
 * Where a call opens its pop-up (spec section 2): `/popup/index` with phoneNum, agentNum, IVR
 * and callId; a call marked by the IVR as `ivrcourt` opens the court work order instead
 * (`/workorder/courtOrder` with phoneNum, agentNum, IVR).
 */
export const POPUP_ROUTE = '/popup/index';
export const COURT_ORDER_ROUTE = '/workorder/courtOrder';
export const COURT_IVR = 'ivrcourt';

export interface PopupCall {
  phoneNum: string;
  agentNum: string;
  ivr: string;
  callId: string;
}

export function popupPath(call: PopupCall): string {
  if (call.ivr === COURT_IVR) {
    return `${COURT_ORDER_ROUTE}?${new URLSearchParams({ phoneNum: call.phoneNum, agentNum: call.agentNum, IVR: call.ivr })}`;
  }
  return `${POPUP_ROUTE}?${new URLSearchParams({ phoneNum: call.phoneNum, agentNum: call.agentNum, IVR: call.ivr, callId: call.callId })}`;
}

/** The pop-up's values read back from its address (missing ones are ''). */
export function readPopupQuery(search: URLSearchParams): PopupCall {
  return {
    phoneNum: search.get('phoneNum') ?? '',
    agentNum: search.get('agentNum') ?? '',
    ivr: search.get('IVR') ?? '',
    callId: search.get('callId') ?? '',
  };
}
