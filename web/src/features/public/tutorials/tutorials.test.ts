import { describe, expect, it } from 'vitest';
import { TUTORIALS, findTutorial } from './index';

describe('tutorials', () => {
  it('has at least four, with unique URL-safe slugs', () => {
    expect(TUTORIALS.length).toBeGreaterThanOrEqual(4);
    const slugs = TUTORIALS.map((tutorial) => tutorial.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('each has a summary, content and a valid date', () => {
    for (const tutorial of TUTORIALS) {
      expect(tutorial.summary.length).toBeGreaterThan(40);
      expect(tutorial.blocks.filter((block) => block.type === 'heading').length).toBeGreaterThanOrEqual(3);
      expect(Number.isNaN(Date.parse(tutorial.updated))).toBe(false);
    }
  });

  it('is found by slug', () => {
    expect(findTutorial('gitops-with-argo-cd')?.title).toBe('Deploy from Git with Argo CD');
    expect(findTutorial('nope')).toBeUndefined();
  });
});
