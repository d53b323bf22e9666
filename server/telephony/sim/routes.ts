/**
 * The simulator's demo and test controls, admin only: ring a seat with an incoming call, and
 * press its simulated phone's answer / hang-up button (a real agent presses them on a SIP phone).
 * With ESL_HOST set there is no simulator: every route answers 409.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { roles } from '../../http/access.ts';
import { conflict, notFound, ok } from '../../http/envelope.ts';
import { languageOf, message, type Language, type MessageKey } from '../../http/language.ts';
import { bodyOf, compile, type Check } from '../../http/validate.ts';
import { FIELD_PATTERNS } from '../../../schemas/protocol/phone.ts';
import { NoCallError, type Simulator } from './index.ts';

const seatNo = { type: 'string', maxLength: 16, pattern: FIELD_PATTERNS.seat.source } as const;
const seatSchema = { type: 'object', additionalProperties: false, required: ['userSeatNo'], properties: { userSeatNo: seatNo } } as const;
const incomingSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['userSeatNo', 'phoneNo'],
  properties: {
    userSeatNo: seatNo,
    phoneNo: { type: 'string', maxLength: 33, pattern: FIELD_PATTERNS.number.source },
    // An IVR marker the dialplan would set (e.g. ivrcourt): a word, as it lands in a channel variable.
    ivr: { type: 'string', maxLength: 32, pattern: '^[A-Za-z0-9_]{0,32}$' },
  },
} as const;

const checkSeat: Check<{ userSeatNo: string }> = compile(seatSchema);
const checkIncoming: Check<{ userSeatNo: string; phoneNo: string; ivr?: string }> = compile(incomingSchema);

const adminOnly = { config: { access: roles('admin') } };

export default async function simRoutes(app: FastifyInstance, ctx: AppContext, sim?: Simulator): Promise<void> {
  /** The running simulator and the seat's extension, or the refusal: 409 without a simulator, 404 for an unknown seat. */
  async function target(lang: Language, seat: string): Promise<{ sim: Simulator; extension: string }> {
    if (!sim) throw conflict(message(lang, 'simNotRunning'));
    const rows = await ctx.db.query<{ fjh: string }>('SELECT fjh FROM users WHERE user_seat_no = $1', [seat]);
    if (!rows[0]) throw notFound(message(lang, 'seatNotFound'));
    if (!rows[0].fjh) throw conflict(message(lang, 'simNoExtension'));
    return { sim, extension: rows[0].fjh };
  }

  /** The phone's button; NoCallError (nothing to answer or hang up) is a 409 in the caller's words. */
  async function press(lang: Language, key: MessageKey, action: () => Promise<void>) {
    try {
      await action();
    } catch (error) {
      if (error instanceof NoCallError) throw conflict(message(lang, key));
      throw error;
    }
    return ok(null);
  }

  app.post('/api/sim/incoming', adminOnly, async (req) => {
    const lang = languageOf(req);
    const body = bodyOf(req);
    checkIncoming(body, lang);
    const { sim: running, extension } = await target(lang, body.userSeatNo);
    const callId = await running.incoming({ extension, seat: body.userSeatNo, phoneNo: body.phoneNo, ...(body.ivr ? { ivr: body.ivr } : {}) });
    return ok({ callId });
  });

  app.post('/api/sim/answer', adminOnly, async (req) => {
    const lang = languageOf(req);
    const body = bodyOf(req);
    checkSeat(body, lang);
    const { sim: running, extension } = await target(lang, body.userSeatNo);
    return press(lang, 'simNoRingingCall', () => running.answer(extension));
  });

  app.post('/api/sim/hangup', adminOnly, async (req) => {
    const lang = languageOf(req);
    const body = bodyOf(req);
    checkSeat(body, lang);
    const { sim: running, extension } = await target(lang, body.userSeatNo);
    return press(lang, 'simNoCall', () => running.hangup(extension));
  });
}
