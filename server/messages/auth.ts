/** Messages of login, sessions, limits, captcha, RSA: {key: {en, zh}}. */
export default {
} as const;
