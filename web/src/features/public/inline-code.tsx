import { Code } from '@mantine/core';
import type { ReactNode } from 'react';

/** Renders `backtick` spans of content text as inline code. */
export function withInlineCode(text: string): ReactNode[] {
  return text.split(/(`[^`]+`)/g).map((part, index) =>
    part.startsWith('`') && part.endsWith('`') && part.length > 2 ? <Code key={index}>{part.slice(1, -1)}</Code> : part,
  );
}
