import { Anchor, Blockquote, Box, Code, List, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { parseMarkdown } from './markdown';
import type { Inline } from './markdown';

function renderInline(nodes: readonly Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'code':
        return <Code key={index}>{node.text}</Code>;
      case 'strong':
        return <strong key={index}>{renderInline(node.children)}</strong>;
      case 'em':
        return <em key={index}>{renderInline(node.children)}</em>;
      case 'link':
        return (
          <Anchor key={index} href={node.href} underline="always" target="_blank" rel="noopener noreferrer nofollow ugc">
            {renderInline(node.children)}
          </Anchor>
        );
      case 'break':
        return <br key={index} />;
    }
  });
}

/** Ticket text written in Markdown, rendered as React elements only (see markdown.ts). */
export function MarkdownView({ source }: { source: string }) {
  const blocks = parseMarkdown(source);
  return (
    <Box style={{ overflowWrap: 'anywhere' }} data-testid="markdown">
      {blocks.map((block, index) => {
        switch (block.type) {
          case 'paragraph':
            return (
              <Text key={index} size="sm" mb="xs">
                {renderInline(block.children)}
              </Text>
            );
          case 'heading':
            // Bold text, not a heading element: a requester's "#" must not break the page's outline.
            return (
              <Text key={index} size="sm" fw={700} mb="xs">
                {renderInline(block.children)}
              </Text>
            );
          case 'list':
            return (
              <List key={index} type={block.ordered ? 'ordered' : 'unordered'} size="sm" mb="xs" withPadding>
                {block.items.map((item, position) => (
                  <List.Item key={position}>{renderInline(item)}</List.Item>
                ))}
              </List>
            );
          case 'quote':
            return (
              <Blockquote key={index} p="xs" mb="xs" fz="sm">
                {renderInline(block.children)}
              </Blockquote>
            );
          case 'code':
            return (
              <Code key={index} block mb="xs">
                {block.text}
              </Code>
            );
        }
      })}
    </Box>
  );
}
