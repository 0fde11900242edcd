import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('finds links between text', () => {
    expect(linkify('Verify my email address: http://127.0.0.1:8787/verify-email?token=abc_DEF-123\n\nThanks')).toEqual([
      { kind: 'text', text: 'Verify my email address: ' },
      { kind: 'link', href: 'http://127.0.0.1:8787/verify-email?token=abc_DEF-123' },
      { kind: 'text', text: '\n\nThanks' },
    ]);
  });

  it('leaves sentence punctuation out of the link', () => {
    expect(linkify('Go to https://kubemarket.example/a.')).toEqual([
      { kind: 'text', text: 'Go to ' },
      { kind: 'link', href: 'https://kubemarket.example/a' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('handles text without links and links alone', () => {
    expect(linkify('No links here')).toEqual([{ kind: 'text', text: 'No links here' }]);
    expect(linkify('https://a.example')).toEqual([{ kind: 'link', href: 'https://a.example' }]);
    expect(linkify('')).toEqual([]);
  });

  it('ignores other schemes', () => {
    expect(linkify('javascript:alert(1) ftp://x')).toEqual([{ kind: 'text', text: 'javascript:alert(1) ftp://x' }]);
  });
});
