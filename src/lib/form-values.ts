import { formFields, isNullable, type EntitySchema } from '../../schemas/entity';

/**
 * What goes into the create and edit forms and what comes out of them: schema defaults in,
 * write-only values never in, and on edit an empty write-only field left out of the body
 * ("keep the old password"), since the server updates only the fields it is sent.
 */
type Values = Record<string, unknown>;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** Initial values of a create form: each form field's schema default. */
export function formDefaults(schema: EntitySchema): Values {
  const defaults: Values = {};
  for (const field of formFields(schema)) {
    const value = schema.properties[field]?.default;
    if (value !== undefined) defaults[field] = value;
  }
  return defaults;
}

/** A record as an edit form starts from: write-only values are never prefilled. */
export function withoutWriteOnly<T extends Values>(schema: EntitySchema, record: T): T {
  const out: Values = { ...record };
  for (const [field, property] of Object.entries(schema.properties)) if (property.writeOnly) delete out[field];
  return out as T;
}

/**
 * The body of a save: only the form's fields; empty write-only fields dropped on edit; a
 * nullable field the user cleared sent as null, which is how it is cleared on the server
 * (left out, it would keep its value).
 */
export function formBody(schema: EntitySchema, values: Values, mode: 'create' | 'edit'): Values {
  const body: Values = {};
  for (const field of formFields(schema)) {
    const property = schema.properties[field];
    const value = values[field];
    if (!property || !(field in values) || (property.writeOnly && isEmpty(value) && mode === 'edit')) continue;
    if (value === undefined || value === null) {
      if (isNullable(property)) body[field] = null;
      continue;
    }
    body[field] = value;
  }
  return body;
}
