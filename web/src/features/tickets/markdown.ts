/**
 * A small Markdown subset for ticket text, parsed into a tree that React renders as elements: no
 * HTML string is ever produced, so whatever a requester types (tags, scripts, entities) shows as
 * text. Supported: paragraphs with line breaks, headings (shown as bold lines), bullet and numbered
 * lists, block quotes, fenced code, `inline code`, **bold**, *italic* / _italic_, and links to
 * http(s) and mailto addresses only.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'break' };

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] }
  | { type: 'quote'; children: Inline[] }
  | { type: 'code'; text: string };

const SAFE_PROTOCOLS = ['http:', 'https:', 'mailto:'];

/** The href to render, or null when the address is not one a link may point to. */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  try {
    const url = new URL(href);
    return SAFE_PROTOCOLS.includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function pushText(out: Inline[], text: string) {
  if (!text) return;
  const last = out[out.length - 1];
  if (last?.type === 'text') last.text += text;
  else out.push({ type: 'text', text });
}

/** Inline markup of one line (no line breaks inside). */
export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let index = 0;
  while (index < source.length) {
    const rest = source.slice(index);
    const code = /^`([^`]+)`/.exec(rest);
    if (code) {
      out.push({ type: 'code', text: code[1] ?? '' });
      index += code[0].length;
      continue;
    }
    const strong = /^\*\*(?=\S)([\s\S]*?\S)\*\*/.exec(rest);
    if (strong) {
      out.push({ type: 'strong', children: parseInline(strong[1] ?? '') });
      index += strong[0].length;
      continue;
    }
    const em = /^([*_])(?=\S)([\s\S]*?\S)\1(?![*_\w])/.exec(rest);
    if (em && (em[1] === '*' || index === 0 || !/\w/.test(source[index - 1] ?? ''))) {
      out.push({ type: 'em', children: parseInline(em[2] ?? '') });
      index += em[0].length;
      continue;
    }
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)/.exec(rest);
    if (link) {
      const href = safeHref(link[2] ?? '');
      if (href) out.push({ type: 'link', href, children: parseInline(link[1] ?? '') });
      // An address that may not be a link stays visible as the text that was typed.
      else pushText(out, link[0]);
      index += link[0].length;
      continue;
    }
    const bare = /^https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"]/.exec(rest);
    if (bare && (index === 0 || /[\s(]/.test(source[index - 1] ?? ''))) {
      const href = safeHref(bare[0]);
      if (href) out.push({ type: 'link', href, children: [{ type: 'text', text: bare[0] }] });
      else pushText(out, bare[0]);
      index += bare[0].length;
      continue;
    }
    pushText(out, source[index] ?? '');
    index += 1;
  }
  return out;
}

function joinLines(lines: readonly string[]): Inline[] {
  const out: Inline[] = [];
  lines.forEach((line, position) => {
    if (position > 0) out.push({ type: 'break' });
    out.push(...parseInline(line));
  });
  return out;
}

const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,9}[.)]\s+(.*)$/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const FENCE = /^\s{0,3}```/;

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    if (!line.trim()) {
      index += 1;
      continue;
    }
    if (FENCE.test(line)) {
      const body: string[] = [];
      index += 1;
      while (index < lines.length && !FENCE.test(lines[index] ?? '')) body.push(lines[index++] ?? '');
      index += 1; // the closing fence, or past the end when it is missing
      blocks.push({ type: 'code', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: 'heading', children: parseInline(heading[1] ?? '') });
      index += 1;
      continue;
    }
    const list = BULLET.test(line) ? BULLET : NUMBERED.test(line) ? NUMBERED : null;
    if (list) {
      const items: Inline[][] = [];
      while (index < lines.length) {
        const match = list.exec(lines[index] ?? '');
        if (!match) break;
        items.push(parseInline(match[1] ?? ''));
        index += 1;
      }
      blocks.push({ type: 'list', ordered: list === NUMBERED, items });
      continue;
    }
    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (index < lines.length) {
        const match = QUOTE.exec(lines[index] ?? '');
        if (!match) break;
        quoted.push(match[1] ?? '');
        index += 1;
      }
      blocks.push({ type: 'quote', children: joinLines(quoted) });
      continue;
    }
    const paragraph: string[] = [];
    while (index < lines.length) {
      const next = lines[index] ?? '';
      if (!next.trim() || FENCE.test(next) || HEADING.test(next) || BULLET.test(next) || NUMBERED.test(next) || QUOTE.test(next)) break;
      paragraph.push(next);
      index += 1;
    }
    blocks.push({ type: 'paragraph', children: joinLines(paragraph) });
  }
  return blocks;
}
