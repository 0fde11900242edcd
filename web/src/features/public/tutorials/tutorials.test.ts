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

  it('has only blocks TutorialContent renders, each with its fields (the content files are JSON, unchecked by the compiler)', () => {
    const LEVELS = ['Beginner', 'Intermediate', 'Advanced'];
    const LANGUAGES = ['bash', 'yaml', 'json', 'text'];
    for (const tutorial of TUTORIALS) {
      expect(LEVELS).toContain(tutorial.level);
      expect(typeof tutorial.minutes).toBe('number');
      for (const tag of tutorial.tags) expect(typeof tag).toBe('string');
      for (const block of tutorial.blocks) {
        if (block.type === 'heading' || block.type === 'paragraph') expect(Object.keys(block).sort()).toEqual(['text', 'type']);
        else if (block.type === 'code') {
          expect(LANGUAGES).toContain(block.language);
          expect(typeof block.code).toBe('string');
        } else if (block.type === 'list') expect(block.items.every((item) => typeof item === 'string')).toBe(true);
        else if (block.type === 'note') expect(['info', 'warning']).toContain(block.tone);
        else expect.unreachable(`unknown block ${JSON.stringify(block)}`);
        if ('text' in block) expect(typeof block.text).toBe('string');
      }
    }
  });

  it('is found by slug', () => {
    expect(findTutorial('gitops-with-argo-cd')?.title).toBe('Deploy from Git with Argo CD');
    expect(findTutorial('nope')).toBeUndefined();
  });
});
