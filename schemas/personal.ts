import users from './entities/users.ts';

/**
 * The personal center's forms (issue 22 item 2), one schema each, read by the server
 * (userManagement/saveUserInfo, changePwdById, saveNotifyPrefs) and by the browser's forms, so
 * a form refuses exactly what the server refuses and in the same words (x-validator).
 */
const user = users.properties;

/** What a user may change about themselves: names, mobile (11 digits starting with 1), e-mail. */
export const profileSchema = {
  type: 'object',
  additionalProperties: false,
  required: [],
  properties: {
    userChineseName: user.userChineseName,
    userEnglishName: user.userEnglishName,
    mobile: { ...user.mobile, maxLength: 11 },
    email: user.email,
    /** Set by the avatar upload; a link may still be given (the older client did). */
    avatar: { type: 'string', maxLength: 512, pattern: '^(|https?://\\S+|/\\S*|data:image/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+)$' },
  },
} as const;

/** One's own password, with the current one; the new one at least 6 characters (spec section 5) and not a common one. */
export const passwordChangeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['userId', 'oldPassword', 'newPassword'],
  properties: {
    userId: { type: 'integer', minimum: 1 },
    oldPassword: { type: 'string', maxLength: 64 },
    newPassword: user.password,
  },
} as const;

/** Notification choices, kept with the user: the chat chime and desktop notifications. */
export const notifyPrefsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['notifySound', 'notifyDesktop'],
  properties: { notifySound: { type: 'boolean' }, notifyDesktop: { type: 'boolean' } },
} as const;

/** Largest avatar picture accepted (bytes): a header icon needs far less. */
export const AVATAR_MAX_BYTES = 256 * 1024;
/** Picture kinds an avatar may be, told from the bytes (server/api/file-types.ts). */
export const AVATAR_KINDS = ['png', 'jpeg', 'webp', 'gif'] as const;

/**
 * The commonest passwords of six characters or more (the shorter ones fail the length rule
 * anyway), from the published leaked-password top lists; compared without case.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456', '1234567', '12345678', '123456789', '1234567890', '12345678910', '111111', '000000', '666666', '888888',
  '222222', '333333', '444444', '555555', '777777', '999999', '112233', '121212', '123123', '123321', '654321',
  '987654321', '11111111', '00000000', '88888888', '147258', '147258369', '159753', '159357', '741852963', '123654',
  '1q2w3e', '1q2w3e4r', '1q2w3e4r5t', 'qwerty', 'qwerty123', 'qwertyuiop', 'qwe123', 'asdfgh', 'asdfghjkl', 'zxcvbnm',
  'password', 'password1', 'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'abc123', 'abc123456', 'a123456',
  'a12345678', 'aa123456', 'aa112233', 'abcdef', 'abcd1234', 'abcdefg', 'iloveyou', 'woaini', '5201314', '520520',
  '1314520', 'woaini1314', 'admin123', 'admin888', 'administrator', 'root123', 'welcome', 'welcome1', 'letmein',
  'monkey', 'dragon', 'football', 'baseball', 'master', 'sunshine', 'shadow', 'superman', 'princess', 'qazwsx',
  'trustno1', 'starwars', 'whatever', 'freedom', 'computer', 'michael', 'jennifer', 'hello123', 'test123', 'test1234',
  'changeme', 'secret', 'q1w2e3r4', 'zaq12wsx', '1qaz2wsx', 'qweasd', 'qweasdzxc', 'agent123', 'super123',
]);

/** True for a password on the common list (whatever its case). */
export const isCommonPassword = (password: string): boolean => COMMON_PASSWORDS.has(password.toLowerCase());
