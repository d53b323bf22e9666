/**
 * The validators of spec section 5 as pure predicates. Each entry of VALIDATORS pairs
 * a predicate with the i18n key of the message a form shows when it fails; the antd
 * rule factories in form-rules.ts are built from this one table.
 */

export function isNotBlank(value: string): boolean {
  return value.trim() !== '';
}

export function isPassword(value: string): boolean {
  return value.length >= 6;
}

export function isMobile(value: string): boolean {
  return /^1\d{10}$/.test(value);
}

export function isEmail(value: string): boolean {
  return /^[\w.+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/.test(value);
}

/** IPv4 dotted quad; leading zeros are refused because some parsers read them as octal. */
export function isIPv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255);
}

export function isPort(value: string): boolean {
  return /^(0|[1-9]\d{0,4})$/.test(value) && Number(value) <= 65535;
}

export function isUrl(value: string): boolean {
  if (!/^(https?|ftp):\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';

/** Mainland resident ID: 18 characters with the GB 11643 checksum, or the legacy 15 digits. */
export function isIdCard(value: string): boolean {
  const legacy = /^[1-9]\d{7}(\d{2})(\d{2})\d{3}$/.exec(value);
  if (legacy) return isRealDate(1900 + Number(value.slice(6, 8)), Number(legacy[1]), Number(legacy[2]));
  const modern = /^[1-9]\d{5}(\d{4})(\d{2})(\d{2})\d{3}[\dXx]$/.exec(value);
  if (!modern || !isRealDate(Number(modern[1]), Number(modern[2]), Number(modern[3]))) return false;
  const sum = ID_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(value[i]), 0);
  return ID_CHECK_CHARS[sum % 11] === value[17]?.toUpperCase();
}

export function isChineseName(value: string): boolean {
  return /^[\u4e00-\u9fa5]{2,4}$/.test(value);
}

/** Non-negative number with at most two decimals (amounts, durations). */
export function isDecimal2(value: string): boolean {
  return /^\d+(\.\d{1,2})?$/.test(value);
}

/** Names made of Chinese characters, letters and digits only. */
export function isPlainName(value: string): boolean {
  return /^[\u4e00-\u9fa5A-Za-z0-9]+$/.test(value);
}

export function isDigits(value: string): boolean {
  return /^\d+$/.test(value);
}

/** Login names: letters, digits and _ . @ - (what users.userName's pattern allows). */
export function isAccountName(value: string): boolean {
  return /^[A-Za-z0-9_.@-]+$/.test(value);
}

/** The message key of a validator's refusal of `value`, or undefined when it passes. */
export function refusal(name: ValidatorName, value: string): string | undefined {
  const { test, message } = VALIDATORS[name];
  return test(value) ? undefined : message;
}

export const VALIDATORS = {
  username: { test: isNotBlank, message: 'validation.usernameRequired' },
  password: { test: isPassword, message: 'validation.passwordTooShort' },
  mobile: { test: isMobile, message: 'validation.mobile' },
  verifyCode: { test: isNotBlank, message: 'validation.verifyCodeRequired' },
  email: { test: isEmail, message: 'validation.email' },
  ip: { test: isIPv4, message: 'validation.ip' },
  port: { test: isPort, message: 'validation.port' },
  url: { test: isUrl, message: 'validation.url' },
  idCard: { test: isIdCard, message: 'validation.idCard' },
  chineseName: { test: isChineseName, message: 'validation.chineseName' },
  decimal2: { test: isDecimal2, message: 'validation.decimal2' },
  plainName: { test: isPlainName, message: 'validation.plainName' },
  digits: { test: isDigits, message: 'validation.digits' },
  accountName: { test: isAccountName, message: 'validation.accountName' },
} as const satisfies Record<string, { test: (value: string) => boolean; message: string }>;

export type ValidatorName = keyof typeof VALIDATORS;
