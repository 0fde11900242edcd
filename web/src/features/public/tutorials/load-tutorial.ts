import type { Tutorial } from './tutorial-types';

/** The tutorial of that slug, or undefined: the tutorials' text is a chunk of its own, loaded here. */
export async function loadTutorial(slug: string): Promise<Tutorial | undefined> {
  const { findTutorial } = await import('./index');
  return findTutorial(slug);
}
