import type { FromSchema } from 'json-schema-to-ts';
import users from './entities/users.ts';

const user = users.properties;

/**
 * The settings an administrator changes at runtime (system settings screen, table
 * app_settings): whether /register is open, and whether a provider's verified e-mail may
 * sign in the user with that e-mail. Both off until an administrator turns them on.
 */
export const settingsSchema = {
  $id: 'settings',
  type: 'object',
  additionalProperties: false,
  properties: {
    registrationOpen: { type: 'boolean' },
    ssoEmailLink: { type: 'boolean' },
  },
} as const;
export type Settings = Required<FromSchema<typeof settingsSchema>>;
export const DEFAULT_SETTINGS: Settings = { registrationOpen: false, ssoEmailLink: false };

/**
 * POST /register: the account's name, password and Chinese name under the users schema's own
 * rules, a mobile number (spec: "enter the correct mobile number") and the image verification
 * code ("enter a verification code"). The register form validates with the same validators.
 */
export const registerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['userName', 'password', 'userChineseName', 'mobile', 'verifyId', 'verifyCode'],
  properties: {
    userName: user.userName,
    password: { type: 'string', minLength: 6, maxLength: 64, 'x-validator': 'password' },
    userChineseName: user.userChineseName,
    mobile: { type: 'string', pattern: '^1[0-9]{10}$', 'x-validator': 'phone' },
    verifyId: { type: 'string', minLength: 1, maxLength: 64 },
    verifyCode: { type: 'string', minLength: 1, maxLength: 16, pattern: '^\\s*[0-9A-Za-z]+\\s*$', 'x-validator': 'verifyCode' },
  },
} as const;
export type RegisterBody = FromSchema<typeof registerSchema>;

/** What the login and register pages ask before anyone is logged in: which ways in are open. */
export interface SignupOptions {
  registration: boolean;
  sso: boolean;
}

/** POST /socialLogin: the provider's code and the state it came back with (the /callback page's query). */
export const socialLoginSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['code', 'state'],
  properties: {
    code: { type: 'string', minLength: 1, maxLength: 2048 },
    state: { type: 'string', minLength: 1, maxLength: 128 },
  },
} as const;
export type SocialLoginBody = FromSchema<typeof socialLoginSchema>;
