import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import localizeZh from 'ajv-i18n/localize/zh/index.js';
import { badRequest } from '../http/envelope.ts';
import { message, type Language, type MessageKey } from '../http/language.ts';
import type { PropertySchema } from '../../schemas/types.ts';

const ajv = new Ajv({ allErrors: true, coerceTypes: false, removeAdditional: false, useDefaults: false, strict: true });
addFormats(ajv);

/** Field -> message, localised; missing and unknown keys are named by the key. */
const BY_VALIDATOR = new Set(['pattern', 'format', 'minLength', 'maxLength']);

export function localisedFieldErrors(errors: readonly ErrorObject[], lang: Language, props: Readonly<Record<string, PropertySchema>> = {}): Record<string, string> {
  const copy = errors.map((e) => ({ ...e }));
  if (lang === 'zh') localizeZh(copy);
  const out: Record<string, string> = {};
  for (const e of copy) {
    let field = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    let text = e.message ?? 'is invalid';
    if (e.keyword === 'required') {
      field = [field, String(e.params.missingProperty)].filter(Boolean).join('.');
      text = message(lang, 'required');
    } else if (e.keyword === 'additionalProperties') {
      field = [field, String(e.params.additionalProperty)].filter(Boolean).join('.');
      text = message(lang, 'unknownField');
    }
    const validator = props[field]?.['x-validator'];
    if (validator && BY_VALIDATOR.has(e.keyword)) text = message(lang, `v_${validator}` as MessageKey);
    field ||= 'body';
    out[field] ??= text;
  }
  return out;
}

export function invalid(lang: Language, errors: Record<string, string>) {
  const sep = lang === 'zh' ? '：' : ': ';
  return badRequest(`${message(lang, 'invalid')}${sep}${Object.entries(errors).map(([f, m]) => `${f} ${m}`).join('; ')}`, errors);
}

/** Compiles once; the returned check throws a 400 with per-field errors. */
export function compile(schema: object, props: Readonly<Record<string, PropertySchema>> = {}): (data: unknown, lang: Language) => void {
  const fn: ValidateFunction = ajv.compile(schema);
  return (data, lang) => {
    if (!fn(data)) throw invalid(lang, localisedFieldErrors(fn.errors ?? [], lang, props));
  };
}
