import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Queryable } from '../db/index.ts';

/** svg-captcha's default export draws a given text (its own `create` picks text with Math.random). */
const draw = svgCaptcha as unknown as (text: string, options: { noise: number; width: number; height: number; fontSize: number }) => string;

// No look-alikes (0/O/o, 1/l/I): the code is read by people.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 4;
export const CAPTCHA_TTL_SECONDS = 120;

const normal = (answer: string) => answer.trim().toLowerCase();

/**
 * Image verification codes, kept in the database (every process sees them), valid for two
 * minutes and for one try: checking deletes the code, right or wrong.
 */
export async function newCaptcha(db: Queryable): Promise<{ verifyId: string; image: string; expiresIn: number }> {
  const text = Array.from({ length: LENGTH }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
  const verifyId = crypto.randomBytes(16).toString('hex');
  await db.query(
    `INSERT INTO captchas (id, answer, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [verifyId, text, CAPTCHA_TTL_SECONDS],
  );
  const svg = draw(text, { noise: 3, width: 120, height: 40, fontSize: 42 });
  return { verifyId, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, expiresIn: CAPTCHA_TTL_SECONDS };
}

/** True when the code answers the image: used up either way. */
export async function useCaptcha(db: Queryable, verifyId: string, answer: string): Promise<boolean> {
  const [row] = await db.query<{ answer: string }>('DELETE FROM captchas WHERE id = $1 AND expires_at > now() RETURNING answer', [verifyId]);
  if (!row) return false;
  const a = Buffer.from(row.answer);
  const b = Buffer.from(normal(answer));
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
