/**
 * Spec section 5's transfer and dial-out rules as functions. Each answers either the value to
 * use or the alert to show (i18n keys: the bar translates and shows them); the server is asked
 * only through the injected HTTP client, so tests pass a fake one.
 */
import { FIELD_PATTERNS, PHONE_SOCKET } from '../../schemas/protocol/phone';
import type { Http } from '../../data-providers/http';

export interface Alert {
  /** i18n key of the dialog's title. */
  title: string;
  /** i18n key of the text. */
  content: string;
}

export type RuleResult<T> = { ok: true; value: T } | { ok: false; alert: Alert };

const PROMPT = 'phone.alert.title';
const refuse = (content: string): { ok: false; alert: Alert } => ({ ok: false, alert: { title: PROMPT, content } });

/** The company whose dial-outs ask whether a number is a local (Changchun) one first. */
export const CHANGCHUN_COMPANY = 4;

/** Numbers under 6 characters are internal extensions; longer ones are external. */
export const isInternal = (number: string): boolean => number.length < PHONE_SOCKET.shortNumberLength;

/**
 * The real extension of a seat: the spec's default 60011 (and an empty one) stands for "not
 * set here", so the server's record for the seat (User/getFjhByUserSeatNo) is used instead.
 */
export async function realExtension(http: Http, seat: string, extension: string): Promise<string> {
  const trimmed = extension.trim();
  if (trimmed !== '' && trimmed !== PHONE_SOCKET.defaultExtension) return trimmed;
  const answer = await http.post<string>('/api/User/getFjhByUserSeatNo', { userSeatNo: seat });
  return String(answer.data ?? '').trim();
}

/** Transfer to an extension: an empty one is refused with "please enter extension number"; 60011 is looked up. */
export async function transferTarget(http: Http, target: { extension: string; userSeatNo?: string }): Promise<RuleResult<string>> {
  const extension = target.extension.trim();
  if (extension === '') return refuse('phone.alert.enterExtension');
  const real = extension === PHONE_SOCKET.defaultExtension && target.userSeatNo ? await realExtension(http, target.userSeatNo, extension) : extension;
  if (!FIELD_PATTERNS.extension.test(real)) return refuse('phone.alert.badExtension');
  return { ok: true, value: real };
}

export interface DialPlan {
  /**
   * What the switch dials: the number as typed, with a '0' in front for a non-local number of
   * company 4. The line's dial prefix (pre) is not added: the gateway bridges external numbers
   * straight to the line's SIP gateway, where a "dial 9 for an outside line" prefix would reach
   * the carrier (and the call records) as part of the number.
   */
  dest: string;
  /** The seat's real extension, which the switch rings first. */
  ext: string;
  /** The number the pop-up and the bar show: what the agent typed. */
  phoneNo: string;
  internal: boolean;
}

export interface DialContext {
  /** The seat number the bar displays. */
  userSeatNo: string;
  extension: string;
  companyId: number | null;
}

/**
 * Dial-out (spec section 5): seat '0' (or none) asks to log in again, an empty number asks
 * for one; company 4 asks AudienceData/getChangChunFlag and prefixes '0' when the answer is
 * the string 'false'; numbers under 6 characters are internal extension calls.
 */
export async function planDial(http: Http, ctx: DialContext, typed: string): Promise<RuleResult<DialPlan>> {
  if (ctx.userSeatNo === '' || ctx.userSeatNo === '0') return { ok: false, alert: { title: 'phone.alert.systemPrompt', content: 'phone.alert.loginAgain' } };
  const number = typed.replace(/[\s-]/g, '');
  if (number === '') return refuse('phone.alert.enterNumber');
  if (!FIELD_PATTERNS.number.test(number)) return refuse('phone.alert.badNumber');
  const internal = isInternal(number);
  let dest = number;
  if (!internal && ctx.companyId === CHANGCHUN_COMPANY) {
    const answer = await http.post<string>('/api/AudienceData/getChangChunFlag', { mobile: number });
    if (answer.data === 'false') dest = `0${dest}`;
  }
  const ext = await realExtension(http, ctx.userSeatNo, ctx.extension);
  if (!FIELD_PATTERNS.extension.test(ext) || !FIELD_PATTERNS.number.test(dest)) return refuse('phone.alert.badNumber');
  return { ok: true, value: { dest, ext, phoneNo: number, internal } };
}
