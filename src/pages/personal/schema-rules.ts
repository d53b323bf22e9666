import type { FormRule } from 'antd';
import type { PropertySchema } from '../../../schemas/entity';
import { propertyRules } from '../../lib/schema-rules';
import type { Translate } from '../../../data-providers/translate';

/** A personal-center form's schema (schemas/personal.ts): the properties the server checks the same body against. */
export interface FormSchema { readonly properties: Readonly<Record<string, PropertySchema>>; readonly required: readonly string[] }

/** The antd rules of one field of `schema`, labelled `personal.<field>`: what the server refuses, in its words. */
export function fieldRules(schema: FormSchema, field: string, t: Translate): FormRule[] {
  return propertyRules(schema.properties[field]!, { label: t(`personal.${field}`), required: schema.required.includes(field), t });
}
