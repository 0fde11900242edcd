/** Work held while a pointer is pressed, run once the press is over. */
export interface PointerPresses {
  /** Runs `work` now, or after the click that ends the press under way. */
  afterPress(work: () => void): void;
}

/**
 * Watches the presses of `target`'s pointers. Work asked for during a press runs once the pointer is
 * released, in a task of its own: the release's mouseup and click are dispatched in the task of the
 * release, so whatever the click does (a form's submit) has happened by then.
 */
export function watchPointerPresses(target: EventTarget): PointerPresses {
  let pressed = false;
  let held: Array<() => void> = [];
  const release = () => {
    pressed = false;
    const due = held;
    held = [];
    if (due.length > 0) setTimeout(() => due.forEach((work) => work()), 0);
  };
  target.addEventListener('pointerdown', () => (pressed = true), { capture: true });
  target.addEventListener('pointerup', release, { capture: true });
  target.addEventListener('pointercancel', release, { capture: true });
  return { afterPress: (work) => (pressed ? held.push(work) : work()) };
}

// From the first form's code on, before anyone can press it; nothing to watch in the Worker's render.
const pagePresses = typeof document === 'undefined' ? null : watchPointerPresses(document);

/**
 * Runs `work` once no pointer of the page is pressed. A field checked as it loses the focus needs
 * it: pressing a form's button takes the focus on press, and a message appearing under the field at
 * once moves the button from under the pointer before it is released; the release then lands beside
 * it and clicks nothing, and the form was never sent.
 */
export function afterPointerPress(work: () => void): void {
  if (pagePresses) pagePresses.afterPress(work);
  else work();
}
