import type { FormInstance } from 'antd';
import type { FieldErrors } from '../../../data-providers/http-error';

/**
 * Puts a refused request's per-field messages (the server's `data.errors`, which the client
 * keeps on its ApiError as `errors`) under the form's fields. False when there were none to put
 * (the caller shows the error's own text).
 */
export function applyFieldErrors(form: FormInstance, err: unknown): boolean {
  const errors = (err as { errors?: FieldErrors } | undefined)?.errors;
  const fields = Object.entries(errors ?? {}).filter(([name]) => form.getFieldInstance(name) !== undefined);
  form.setFields(fields.map(([name, value]) => ({ name, errors: ([] as string[]).concat(value) })));
  return fields.length > 0;
}
