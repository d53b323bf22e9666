import type { HttpError } from '@refinedev/core';
import type { FormInstance } from 'antd';

/**
 * After a refused save, the first field the server named (a 409 clash, a 400 field error)
 * comes into view: Save sits below a long form, and the message under a field far above it
 * went unseen while the page stayed at the button.
 */
export function scrollToServerError(form: FormInstance | undefined, error: HttpError, fields: readonly string[]): void {
  const first = fields.find((field) => error.errors?.[field] !== undefined);
  if (first) form?.scrollToField(first, { block: 'center' });
}
