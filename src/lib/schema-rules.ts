import type { FormRule } from 'antd';
import { RE2JS } from 're2js';
import type { ValidatorName as SchemaValidator } from '../../schemas/types';
import { baseType, type EntitySchema, type PropertySchema } from '../../schemas/entity';
import { validatorRule } from './form-rules';
import type { Translate } from '../../data-providers/translate';
import { VALIDATORS, type ValidatorName } from './validators';

/**
 * Client-side validation derived from the same schema the server validates with: required,
 * lengths, pattern, enum, number bounds, item counts. The schema's pattern decides what is
 * valid; its x-validator names the spec validator whose message the user reads (phone:
 * "enter the correct mobile number"), as the server does for the same failures.
 */
const SCHEMA_VALIDATORS: Record<SchemaValidator, ValidatorName> = {
  phone: 'mobile',
  email: 'email',
  chineseName: 'chineseName',
  password: 'password',
  ip: 'ip',
  port: 'port',
  url: 'url',
  idCard: 'idCard',
  decimal2: 'decimal2',
  name: 'accountName',
  digits: 'digits',
  verifyCode: 'verifyCode',
};

/** Validators that are themselves a length rule, so a length failure reads as theirs ("password cannot be less than 6"). */
const LENGTH_VALIDATORS: ReadonlySet<ValidatorName> = new Set(['password']);

export interface RuleOptions {
  /** The field's translated label, for "{{field}} is required". */
  label: string;
  required: boolean;
  t: Translate;
}

function stringRules(property: PropertySchema, validator: ValidatorName | undefined, t: Translate, required: boolean): FormRule[] {
  const rules: FormRule[] = [];
  const spec = validator ? t(VALIDATORS[validator].message) : undefined;
  const lengthText = (fallback: string) => (validator && LENGTH_VALIDATORS.has(validator) ? spec : undefined) ?? fallback;
  // A required field already refuses empty, so a minimum of one would say it twice.
  if (property.minLength !== undefined && property.minLength > (required ? 1 : 0)) {
    rules.push({ type: 'string', min: property.minLength, message: lengthText(t('validation.minLength', { min: property.minLength })) });
  }
  if (property.maxLength !== undefined) {
    rules.push({ type: 'string', max: property.maxLength, message: lengthText(t('validation.maxLength', { max: property.maxLength })) });
  }
  if (property.pattern !== undefined) rules.push(patternRule(property.pattern, spec ?? t('validation.pattern')));
  if (property.enum) rules.push({ type: 'enum', enum: [...property.enum] as string[], message: t('validation.enum') });
  // A validator with nothing in the schema to enforce it checks by itself.
  if (validator && property.pattern === undefined && property.minLength === undefined) {
    rules.push(validatorRule(validator, t, { optional: !required }));
  }
  return rules;
}

/**
 * A schema pattern run by re2js, whose time is linear in the input whatever the pattern:
 * a native RegExp backtracks, and a pattern such as the e-mail one freezes the tab on a
 * long crafted value. The pattern is the server's (JavaScript syntax); RE2 writes
 * \uXXXX as \x{XXXX}.
 */
export function linearPattern(pattern: string): (text: string) => boolean {
  let compiled = COMPILED.get(pattern);
  if (!compiled) {
    compiled = RE2JS.compile(pattern.replace(/\\u([0-9a-fA-F]{4})/g, '\\x{$1}'));
    COMPILED.set(pattern, compiled);
  }
  const re = compiled;
  return (text) => re.matcher(text).find();
}

/** Forms re-derive their rules on every render; the few schema patterns compile once. */
const COMPILED = new Map<string, RE2JS>();

/** Like antd's `pattern` rule: an empty value is left to `required`. */
function patternRule(pattern: string, message: string): FormRule {
  const test = linearPattern(pattern);
  return {
    validator: (_rule, value: unknown) =>
      value === undefined || value === null || value === '' || test(String(value)) ? Promise.resolve() : Promise.reject(new Error(message)),
  };
}

function numberRules(property: PropertySchema, t: Translate): FormRule[] {
  const rules: FormRule[] = [];
  if (baseType(property) === 'integer') rules.push({ type: 'integer', message: t('validation.integer') });
  if (property.minimum !== undefined) rules.push({ type: 'number', min: property.minimum, message: t('validation.min', { min: property.minimum }) });
  if (property.maximum !== undefined) rules.push({ type: 'number', max: property.maximum, message: t('validation.max', { max: property.maximum }) });
  if (property.enum) rules.push({ type: 'enum', enum: [...property.enum] as number[], message: t('validation.enum') });
  return rules;
}

function arrayRules(property: PropertySchema, t: Translate, required: boolean): FormRule[] {
  const rules: FormRule[] = [];
  if (property.minItems !== undefined && property.minItems > (required ? 1 : 0)) {
    rules.push({ type: 'array', min: property.minItems, message: t('validation.minItems', { min: property.minItems }) });
  }
  if (property.maxItems !== undefined) rules.push({ type: 'array', max: property.maxItems, message: t('validation.maxItems', { max: property.maxItems }) });
  return rules;
}

/** antd Form rules for one property. */
export function propertyRules(property: PropertySchema, { label, required, t }: RuleOptions): FormRule[] {
  const type = baseType(property);
  const validator = property['x-validator'] ? SCHEMA_VALIDATORS[property['x-validator']] : undefined;
  const rules: FormRule[] = [];
  if (required) {
    // antd treats only '' as empty unless told the type: an empty list or a blank text must fail too.
    const emptyAs = type === 'array' ? { type: 'array' as const } : type === 'string' ? { whitespace: true } : {};
    rules.push({ required: true, message: t('validation.required', { field: label }), ...emptyAs });
  }
  if (type === 'string') rules.push(...stringRules(property, validator, t, required));
  else if (type === 'integer' || type === 'number') rules.push(...numberRules(property, t));
  else if (type === 'array') rules.push(...arrayRules(property, t, required));
  return rules;
}

/**
 * Whether a form must have the field: listed in `required`, except write-only fields when
 * editing, where empty means "keep the old one" (a password).
 */
export function isRequired(schema: EntitySchema, field: string, mode: 'create' | 'edit'): boolean {
  if (!schema.required?.includes(field)) return false;
  return !(mode === 'edit' && schema.properties[field]?.writeOnly);
}
