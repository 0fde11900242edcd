import type { ReactNode } from 'react';
import classes from './slide-transition.module.css';

/** The part of the configuration layout that slides between configuring and provisioning (see page-transition.ts). */
export function SlideTransition({ children }: { children: ReactNode }) {
  return (
    <div className={classes.page} data-testid="slide-transition">
      {children}
    </div>
  );
}
