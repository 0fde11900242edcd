/**
 * After a refused submit the keyboard and screen-reader user lands on the first field marked invalid
 * (Mantine sets aria-invalid and links the message with aria-describedby), so the field's name and
 * its error are read together. Call it once the errors have been rendered.
 */
export function focusFirstInvalid(root: ParentNode | null | undefined): HTMLElement | null {
  if (!root) return null;
  const field = root.querySelector<HTMLElement>('[aria-invalid="true"]:not([disabled])');
  field?.focus();
  return field;
}

/** The same, on the next frame: React has committed the error state by then. */
export function focusFirstInvalidSoon(root: { current: ParentNode | null }): void {
  requestAnimationFrame(() => focusFirstInvalid(root.current));
}
