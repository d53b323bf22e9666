/**
 * The signed-in user as the session keeps it (spec section 3), and the check of the
 * GetUserInfo answer: anything missing or of the wrong type is refused as a whole, so
 * the console never runs on half a profile.
 */
export interface SessionUser {
  userId: string;
  username: string;
  avatar: string;
  userSeatNo: string;
  userSeatPwd: string;
  userChineseName: string;
  userEnglishName: string;
  lineid: string;
  departId: number | null;
  companyId: number | null;
  /** Extension number. */
  fjh: string;
  recordSrc: string;
  /** Dial prefix of the seat's line. */
  pre: string;
  /** 0 = ready. */
  busy: number;
  roles: string[];
  ability: string[];
}

const TEXT_FIELDS = [
  'userId', 'avatar', 'userSeatNo', 'userSeatPwd', 'userChineseName', 'userEnglishName',
  'lineid', 'fjh', 'recordSrc', 'pre',
] as const;

type Raw = Record<string, unknown>;

const INVALID = Symbol('invalid');

function text(value: unknown): string | typeof INVALID {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' || typeof value === 'number' ? String(value) : INVALID;
}

function optionalNumber(value: unknown): number | null | typeof INVALID {
  if (value === undefined || value === null || value === '') return null;
  const n = typeof value === 'number' || typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : INVALID;
}

function stringList(value: unknown): string[] | typeof INVALID {
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : INVALID;
}

/** The checked user, or null when the answer cannot be trusted. */
export function parseUserInfo(data: unknown): SessionUser | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const raw = data as Raw;
  const username = raw.username ?? raw.userName;
  if (typeof username !== 'string' || username === '') return null;
  const roles = stringList(raw.roles);
  const ability = raw.ability === undefined ? [] : stringList(raw.ability);
  const departId = optionalNumber(raw.departId);
  const companyId = optionalNumber(raw.companyId);
  const busy = optionalNumber(raw.busy);
  if (roles === INVALID || ability === INVALID || departId === INVALID || companyId === INVALID || busy === INVALID) {
    return null;
  }
  const texts: Partial<Record<(typeof TEXT_FIELDS)[number], string>> = {};
  for (const field of TEXT_FIELDS) {
    const value = text(raw[field]);
    if (value === INVALID) return null;
    texts[field] = value;
  }
  return {
    ...(texts as Record<(typeof TEXT_FIELDS)[number], string>),
    username,
    departId,
    companyId,
    busy: busy ?? 0,
    roles,
    ability,
  };
}

/** Spec section 1: a user whose seat number is empty or 0 is logged out. */
export function hasSeat(user: Pick<SessionUser, 'userSeatNo'>): boolean {
  return user.userSeatNo !== '' && user.userSeatNo !== '0';
}
