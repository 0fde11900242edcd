import { describe, expect, it } from 'vitest';
import { afterPointerPress, watchPointerPresses } from './pointer-press';

/** What the browser dispatches in one task when a mouse button is released over what it pressed. */
function release(page: EventTarget, type: 'pointerup' | 'pointercancel' = 'pointerup') {
  page.dispatchEvent(new Event(type));
  if (type === 'pointerup') page.dispatchEvent(new Event('click'));
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('watchPointerPresses', () => {
  it('runs work at once when no pointer is pressed', () => {
    const presses = watchPointerPresses(new EventTarget());
    const done: string[] = [];
    presses.afterPress(() => done.push('check'));
    expect(done).toEqual(['check']);
  });

  it("holds a field's check asked for during a press (the focus leaves it on press) until the release's click has been dispatched", async () => {
    const page = new EventTarget();
    const presses = watchPointerPresses(page);
    const done: string[] = [];
    page.addEventListener('click', () => done.push('click (the submit)'));
    page.dispatchEvent(new Event('pointerdown'));
    presses.afterPress(() => done.push('check'));
    expect(done).toEqual([]);
    release(page);
    await nextTask();
    expect(done).toEqual(['click (the submit)', 'check']);
  });

  it('runs held work once, after a cancelled press too, and at once again after it', async () => {
    const page = new EventTarget();
    const presses = watchPointerPresses(page);
    const done: string[] = [];
    page.dispatchEvent(new Event('pointerdown'));
    presses.afterPress(() => done.push('first'));
    presses.afterPress(() => done.push('second'));
    release(page, 'pointercancel');
    await nextTask();
    release(page);
    await nextTask();
    expect(done).toEqual(['first', 'second']);
    presses.afterPress(() => done.push('third'));
    expect(done).toEqual(['first', 'second', 'third']);
  });

  it('runs at once where there is no page to press (the Worker renders forms too)', () => {
    const done: string[] = [];
    afterPointerPress(() => done.push('check'));
    expect(done).toEqual(['check']);
  });
});
