import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * One field of a vertical form as antd's Form.Item draws it (label above, the control, the
 * message below in the error colour), without antd's Form: the login page's fields are three,
 * and the form library with its validator, grid and label tooltips would be a sixth of its
 * JavaScript. The control carries `id`; the message is `${id}-error` for its aria-describedby.
 */
export function PlainField({ id, label, error, children }: { id: string; label: ReactNode; error?: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: error ? 0 : token.marginLG }}>
      <label htmlFor={id} style={{ display: 'inline-block', paddingBottom: token.paddingXS, color: token.colorTextHeading }}>
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}-error`} role="alert" data-testid={`${id}-error`} style={{ minHeight: token.marginLG, color: token.colorError }}>
          {error}
        </div>
      )}
    </div>
  );
}

/** The props that tie a control to its PlainField's label and message, and colour it when it is refused. */
export const fieldState = (id: string, error: string | undefined) =>
  ({ id, name: id, status: error ? 'error' : undefined, 'aria-invalid': Boolean(error), 'aria-describedby': error ? `${id}-error` : undefined }) as const;
