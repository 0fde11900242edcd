import { describe, expect, it } from 'vitest';
import { attachmentProblems, formatBytes, MAX_ATTACHMENT_BYTES } from './attachment-files';

describe('attachmentProblems', () => {
  it('accepts the allowed types up to 10 MB each', () => {
    expect(attachmentProblems([{ name: 'kubelet.log', size: 1200 }, { name: 'Screen.PNG', size: MAX_ATTACHMENT_BYTES }, { name: 'values.yml', size: 10 }])).toEqual([]);
  });

  it('names a disallowed type, an oversized file and an empty file', () => {
    expect(attachmentProblems([{ name: 'setup.exe', size: 10 }, { name: 'dump.json', size: MAX_ATTACHMENT_BYTES + 1 }, { name: 'empty.txt', size: 0 }, { name: 'noextension', size: 5 }])).toEqual([
      'setup.exe: this type of file is not accepted (PNG, JPEG, GIF or WebP images, PDF, text (.txt, .log), YAML or JSON).',
      'dump.json is 10.0 MB; the limit is 10 MB.',
      'empty.txt is empty.',
      'noextension: this type of file is not accepted (PNG, JPEG, GIF or WebP images, PDF, text (.txt, .log), YAML or JSON).',
    ]);
  });

  it('refuses more than 5 files', () => {
    const six = Array.from({ length: 6 }, (_, index) => ({ name: `f${index}.txt`, size: 1 }));
    expect(attachmentProblems(six)).toEqual(['At most 5 files per message; 6 are selected.']);
  });
});

describe('formatBytes', () => {
  it('words sizes', () => {
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(14_540)).toBe('14.2 KB');
    expect(formatBytes(3.4 * 1024 * 1024)).toBe('3.4 MB');
  });
});
