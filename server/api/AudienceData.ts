import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { AppContext } from '../context.ts';
import { anyUser } from '../http/access.ts';
import { ok } from '../http/envelope.ts';
import { languageOf } from '../http/language.ts';
import { bodyOf, compile, type Check } from '../http/validate.ts';
import { FIELD_PATTERNS } from '../../schemas/protocol/phone.ts';

// Whatever the phone bar may dial (the socket's number field) is a question this endpoint answers.
const flagSchema = {
  type: 'object', additionalProperties: false, required: ['mobile'],
  properties: { mobile: { type: 'string', maxLength: 32, pattern: FIELD_PATTERNS.number.source } },
} as const;
const flagBody: Check<FromSchema<typeof flagSchema>> = compile(flagSchema);

/** The city whose mobiles company 4 dials without a leading 0 (number_segments.city). */
export const LOCAL_CITY = '长春';

/** A mainland mobile (11 digits from 1), also written with the country code +86 / 0086 / 86. */
const MOBILE = /^(?:\+86|0086|86)?(1[0-9]{10})$/;

/** Spec controller `AudienceData` (section 7). */
export default async function audienceDataRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  // Is this a Changchun number? The string 'true' or 'false', as the spec's client compares it.
  // 'false' means exactly "prefix a 0 before dialling": a mobile whose segment is registered
  // elsewhere or unknown. Anything that is not a mobile (a landline with or without its area
  // code, an extension, a number already prefixed) is dialled as typed, so it answers 'true'.
  app.post('/api/AudienceData/getChangChunFlag', { config: { access: anyUser } }, async (req) => {
    const body = bodyOf(req);
    flagBody(body, languageOf(req));
    const mobile = MOBILE.exec(body.mobile)?.[1];
    if (!mobile) return ok('true');
    const [segment] = await db.query('SELECT 1 FROM number_segments WHERE prefix = $1 AND city = $2', [mobile.slice(0, 7), LOCAL_CITY]);
    return ok(segment ? 'true' : 'false');
  });
}
