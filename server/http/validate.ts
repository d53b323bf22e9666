import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import localizeZh from 'ajv-i18n/localize/zh/index.js';
import type { FastifySchemaCompiler } from 'fastify';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { RE2JS } from 're2js';
import { badRequest } from './envelope.ts';
import { message, type Language, type MessageKey } from './language.ts';
import type { PropertySchema } from '../../schemas/types.ts';
import { wireSchema } from '../entities/model.ts';

/** Every pattern compiled so far (entity, API and route schemas): tests prove each one linear. */
export const compiledPatterns = new Set<string>();

/**
 * Every schema pattern runs on RE2 (linear time in the input): a backtracking pattern must not
 * let one request stall the process. RE2 has no look-around or back-references, so a schema
 * that uses them fails to compile, and the server does not start.
 */
export const linearRegExp = Object.assign((pattern: string) => {
  let re: RE2JS;
  try {
    re = RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch (err) {
    throw new Error(`schema pattern /${pattern}/ is not allowed (no look-around or back-references): ${(err as Error).message}`);
  }
  compiledPatterns.add(pattern);
  // Ajv keys its cache of compiled patterns by toString(): one per pattern.
  return { test: (s: string) => re.test(s), toString: () => `re2:${pattern}` };
}, { code: 'linearRegExp' });

/**
 * Lengths before patterns: `{maxLength, pattern}` becomes `{maxLength, if: {maxLength}, then: {pattern}}`,
 * so a string over its length is refused without running its pattern (Ajv with allErrors runs both).
 */
export function lengthFirst(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(lengthFirst);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = ['enum', 'const', 'default', 'examples'].includes(k) ? v : lengthFirst(v);
  if (typeof out.pattern === 'string' && typeof out.maxLength === 'number') {
    const { pattern, ...rest } = out;
    const guard = { if: { type: 'string', maxLength: out.maxLength }, then: { type: 'string', pattern } };
    return { ...rest, allOf: [...((rest.allOf as unknown[] | undefined) ?? []), guard] };
  }
  return out;
}

const ajv = new Ajv({
  allErrors: true, coerceTypes: false, removeAdditional: false, useDefaults: false, strict: true, code: { regExp: linearRegExp },
});
addFormats(ajv);

/**
 * One compiled validator per distinct schema in the process. A deployment builds one app per
 * process, but the tests build many in one (each test server, both instances of a two-process
 * test), and each compiled its 200-odd route schemas again: about a third of a test server's
 * start-up CPU (bench/test-db). The key is the schema's JSON, so equal schemas share a validator
 * whatever object carries them.
 *
 * Compiling is deferred (issue 26 item 5: it was 1.1 s of a warm start): a check compiles its
 * schema when it first runs, and warmValidators() compiles the rest in small steps once the
 * server is ready, so the server answers before every schema is compiled and a schema that does
 * not compile is still reported at start (in the log), not only at its first request.
 */
const validators = new Map<string, ValidateFunction>();
const pending = new Map<string, unknown>();

function compiledOf(key: string, schema: unknown): ValidateFunction {
  let fn = validators.get(key);
  if (!fn) validators.set(key, (fn = ajv.compile(lengthFirst(schema) as object)));
  pending.delete(key);
  return fn;
}

/** Patterns already proved linear: RE2 compiles each once, however many schemas carry it. */
const linearPatterns = new Set<string>();

/**
 * Throws for a pattern RE2 cannot run (look-around, back-references) anywhere in the schema. Done
 * when a check is made, not deferred with the rest of the compile: a backtracking pattern still
 * stops the server at start, and the RE2 compiles are a few milliseconds in all.
 */
function checkPatterns(schema: unknown): void {
  if (Array.isArray(schema)) return schema.forEach(checkPatterns);
  if (schema === null || typeof schema !== 'object') return;
  for (const [k, v] of Object.entries(schema)) {
    if (['enum', 'const', 'default', 'examples'].includes(k)) continue;
    if (k === 'pattern' && typeof v === 'string') {
      if (!linearPatterns.has(v)) linearRegExp(v);
      linearPatterns.add(v);
    } else checkPatterns(v);
  }
}

/** The schema's validator, compiled on first use; its patterns are checked at once. */
function lazyValidator(schema: unknown): () => ValidateFunction {
  const key = JSON.stringify(schema);
  let fn = validators.get(key);
  if (!fn) {
    checkPatterns(schema);
    pending.set(key, schema);
  }
  return () => (fn ??= compiledOf(key, schema));
}

/**
 * Compiles every validator not compiled yet, one a turn of the event loop (requests go first), and
 * answers the schemas that failed to compile with their error. The server runs it once ready.
 */
export async function warmValidators(): Promise<Array<{ schema: string; error: unknown }>> {
  const failed: Array<{ schema: string; error: unknown }> = [];
  for (const [key, schema] of [...pending]) {
    try {
      compiledOf(key, schema);
    } catch (error) {
      pending.delete(key);
      failed.push({ schema: key.slice(0, 200), error });
    }
    await new Promise((r) => setImmediate(r));
  }
  return failed;
}

/** How many validators wait to be compiled (tests). */
export const pendingValidators = (): number => pending.size;

/** At most this many field errors in an answer; the rest are counted ("and N more"). */
export const MAX_FIELD_ERRORS = 20;

const BY_VALIDATOR = new Set(['pattern', 'format', 'minLength', 'maxLength']);
const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/**
 * Field -> message, localised, first error per field; missing and unknown keys are named by
 * the key (`toString`, `__proto__` included: the map has no prototype). The second value counts
 * every field with an error, of which only the first MAX_FIELD_ERRORS are described.
 */
export function localisedFieldErrors(errors: readonly ErrorObject[], lang: Language, props: Readonly<Record<string, PropertySchema>> = {}): [Record<string, string>, number] {
  const out: Record<string, string> = Object.create(null);
  const fields = new Set<string>();
  for (const e of errors) {
    // The length-first guard's own "must match then" adds nothing to the pattern error inside it.
    if (e.keyword === 'if') continue;
    let field = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (e.keyword === 'required') field = [field, String(e.params.missingProperty)].filter(Boolean).join('.');
    else if (e.keyword === 'additionalProperties') field = [field, String(e.params.additionalProperty)].filter(Boolean).join('.');
    field ||= 'body';
    fields.add(field);
    if (own(out, field) || Object.keys(out).length >= MAX_FIELD_ERRORS) continue;
    out[field] = fieldMessage(e, field, lang, props);
  }
  return [out, fields.size];
}

function fieldMessage(e: ErrorObject, field: string, lang: Language, props: Readonly<Record<string, PropertySchema>>): string {
  if (e.keyword === 'required') return message(lang, 'required');
  if (e.keyword === 'additionalProperties') return message(lang, 'unknownField');
  const validator = own(props, field) ? props[field]!['x-validator'] : undefined;
  if (validator && BY_VALIDATOR.has(e.keyword)) return message(lang, `v_${validator}` as MessageKey);
  const copy = [{ ...e }];
  if (lang === 'zh') localizeZh(copy);
  return copy[0]!.message || message(lang, 'invalidValue');
}

/** The 400 naming each field (at most MAX_FIELD_ERRORS of them, then "and N more"; data.errorCount then has the count). */
export function invalid(lang: Language, errors: Record<string, string>, count = Object.keys(errors).length) {
  const sep = lang === 'zh' ? '：' : ': ';
  const shown = Object.entries(errors).slice(0, MAX_FIELD_ERRORS);
  const described: Record<string, string> = Object.create(null);
  for (const [f, m] of shown) described[f] = m;
  const more = count - shown.length;
  const text = shown.map(([f, m]) => `${f} ${m}`).join('; ') + (more > 0 ? `; ${message(lang, 'andMore', { n: more })}` : '');
  const err = badRequest(`${message(lang, 'invalid')}${sep}${text}`, described);
  return more > 0 ? Object.assign(err, { data: { errors: described, errorCount: count } }) : err;
}

/** Declare checks with their type (`const check: Check<Body> = compile(schema)`): TypeScript needs it to narrow. */
export type Check<T> = (data: unknown, lang: Language) => asserts data is T;

/** What a schema admits: FromSchema for a literal schema, unknown for one built at run time (entities). */
export type Admitted<S> = S extends JSONSchema ? (JSONSchema extends S ? unknown : FromSchema<S>) : unknown;

/**
 * Compiles once; the returned check throws a 400 with per-field errors and narrows the data to
 * the schema's type. A body that is absent is checked as `{}`; `null` is a body, and refused.
 */
export function compile<const S extends object>(schema: S, props: Readonly<Record<string, PropertySchema>> = {}): Check<Admitted<S>> {
  const validator = lazyValidator(schema);
  return (data, lang) => {
    const fn = validator();
    if (!fn(data)) {
      const [errors, count] = localisedFieldErrors(fn.errors ?? [], lang, props);
      throw invalid(lang, errors, count);
    }
  };
}

/** An object schema as reports and forms build them: named properties, maybe a required list. */
interface ObjectSchema { readonly type: 'object'; readonly properties: Readonly<Record<string, object>>; readonly required?: readonly string[]; readonly additionalProperties?: boolean }

/**
 * The part of an object schema that a fixed value needs: the properties the value has (and the
 * required ones), the same required list and additionalProperties. A start-up check of such a value (a report's defaults,
 * a home figure's conditions) compiles this small schema, which equal parts of different schemas
 * share, instead of the whole (issue 26 item 5: compiling every report's whole validation at start
 * was a third of a warm start). It refuses what the whole would refuse of that value.
 */
export function partFor<S extends ObjectSchema>(schema: S, value: Readonly<Record<string, unknown>>): ObjectSchema {
  // The required keys' properties too: a required key the value lacks is refused as missing, and Ajv's strict mode wants it defined.
  const keys = new Set([...Object.keys(value), ...(schema.required ?? [])]);
  const properties = Object.fromEntries([...keys].filter((k) => k in schema.properties).map((k) => [k, schema.properties[k]!]));
  return { type: 'object', properties, ...(schema.required ? { required: schema.required } : {}), ...(schema.additionalProperties === undefined ? {} : { additionalProperties: schema.additionalProperties }) };
}

/**
 * A form's schema shared with the browser (schemas/personal.ts): its properties carry display
 * keywords (x-validator, x-widget, writeOnly) that are stripped for Ajv, and a field failing its
 * validator reads in that validator's words, as the browser's form says it.
 */
export function compileForm<const S extends { readonly properties: Readonly<Record<string, PropertySchema>> }>(schema: S): Check<Admitted<S>> {
  const properties = Object.fromEntries(Object.entries(schema.properties).map(([k, p]) => [k, wireSchema(p)]));
  return compile({ ...schema, properties }, schema.properties) as Check<Admitted<S>>;
}

/** A request's body for a check: absent is `{}` (the spec's calls often send none); `null` stays, and is refused. */
export const bodyOf = (req: { body: unknown }): unknown => (req.body === undefined ? {} : req.body);

/** Fastify's route-level `schema: {body, querystring}` validated by the same engine and rules (compiled on first use, as compile()). */
export const routeValidator: FastifySchemaCompiler<unknown> = ({ schema }) => {
  const validator = lazyValidator(schema);
  const validate = Object.assign((data: unknown) => {
    const fn = validator();
    const valid = fn(data);
    validate.errors = fn.errors;
    return valid;
  }, { errors: undefined as ValidateFunction['errors'] });
  return validate;
};
