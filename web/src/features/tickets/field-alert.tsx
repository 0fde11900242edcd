import type { ReactNode } from 'react';

/** A field's message announced as it appears (the support forms' fields say what is wrong at once). */
export function fieldAlert(message: ReactNode): ReactNode {
  return message ? <span role="alert">{message}</span> : undefined;
}
