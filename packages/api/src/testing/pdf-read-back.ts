/**
 * Test only: reads an invoice's downloads back as a reader's software does, so tests check what a
 * customer's accountant gets (pdf.test.ts, month.test.ts).
 */
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFRef, type PDFObject, type PDFString } from 'pdf-lib';

/**
 * Reads a PDF's text back the way a viewer's copy-paste does: each page's content streams are
 * inflated, every `Tj` string (glyph ids of the embedded CID font) is mapped through that font's
 * ToUnicode CMap. Returns the strings of each page in drawing order.
 */
export async function pdfText(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  const streamBytes = (object: PDFObject | undefined): Uint8Array => {
    const stream = object instanceof PDFRef ? doc.context.lookup(object) : object;
    if (!(stream instanceof PDFRawStream)) throw new Error('Expected a stream');
    return decodePDFRawStream(stream).decode();
  };
  const latin1 = (data: Uint8Array) => Array.from(data, (byte) => String.fromCharCode(byte)).join('');
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));

  const cmaps = new Map<string, Map<number, string>>();
  const cmapOf = (fontRef: PDFObject | undefined): Map<number, string> => {
    const key = String(fontRef);
    const known = cmaps.get(key);
    if (known) return known;
    const font = doc.context.lookup(fontRef, PDFDict);
    const source = latin1(streamBytes(font.get(PDFName.of('ToUnicode'))));
    const map = new Map<number, string>();
    for (const block of source.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const [, code, unicode] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(code!, 16), utf16(unicode!));
    }
    for (const block of source.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const [, low, high, unicode] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
        for (let code = parseInt(low!, 16); code <= parseInt(high!, 16); code++) map.set(code, String.fromCharCode(parseInt(unicode!, 16) + code - parseInt(low!, 16)));
      }
    }
    cmaps.set(key, map);
    return map;
  };

  return doc.getPages().map((page) => {
    const fonts = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    const source = streams.map((stream) => latin1(streamBytes(stream))).join('\n');
    const strings: string[] = [];
    let cmap: Map<number, string> | null = null;
    let lastName = '';
    for (const [token] of source.matchAll(/<[0-9A-Fa-f\s]*>|\/[^\s/[\]()<>]+|[A-Za-z'"*]+|[-+]?\d*\.?\d+/g)) {
      if (token.startsWith('/')) lastName = token.slice(1);
      else if (token === 'Tf') cmap = cmapOf(fonts.get(PDFName.of(lastName)));
      else if (token.startsWith('<')) {
        if (!cmap) throw new Error('Text before any font');
        const hex = PDFHexString.of(token.slice(1, -1).replace(/\s/g, '')).asBytes();
        let text = '';
        for (let index = 0; index + 1 < hex.length; index += 2) {
          const glyph = (hex[index]! << 8) | hex[index + 1]!;
          const char = cmap.get(glyph);
          if (char === undefined) throw new Error(`Glyph ${glyph} has no Unicode mapping`);
          text += char;
        }
        strings.push(text);
      }
    }
    return strings;
  });
}

/**
 * What a PDF/A-3 reader finds attached: each embedded file's name, its AFRelationship, whether the
 * catalog lists it as an associated file (/AF), and its bytes; plus the XMP metadata and whether
 * an OutputIntent is declared.
 */
export async function pdfAttachments(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const catalog = doc.catalog;
  const names = catalog.lookup(PDFName.of('Names'), PDFDict);
  const tree = names.lookup(PDFName.of('EmbeddedFiles'), PDFDict).lookup(PDFName.of('Names'), PDFArray);
  const associated = catalog.lookup(PDFName.of('AF'), PDFArray).asArray().map(String);
  const files = [];
  for (let index = 0; index + 1 < tree.size(); index += 2) {
    const specRef = tree.get(index + 1);
    const spec = doc.context.lookup(specRef, PDFDict);
    const stream = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'));
    if (!(stream instanceof PDFRawStream)) throw new Error('Expected an embedded file stream');
    files.push({
      name: (spec.lookup(PDFName.of('UF')) as PDFHexString | PDFString).decodeText(),
      relationship: spec.get(PDFName.of('AFRelationship'))?.toString() ?? null,
      associated: associated.includes(String(specRef)),
      text: new TextDecoder().decode(decodePDFRawStream(stream).decode()),
    });
  }
  const metadata = catalog.lookup(PDFName.of('Metadata'));
  const xmp = metadata instanceof PDFRawStream ? new TextDecoder().decode(decodePDFRawStream(metadata).decode()) : '';
  return { files, xmp, outputIntents: catalog.lookup(PDFName.of('OutputIntents')) instanceof PDFArray };
}

/** RFC 4180 CSV (quoted fields may hold commas, doubled quotes and line breaks) as rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index++;
    } else field += char;
  }
  if (quoted) throw new Error('Unterminated quoted field');
  if (field !== '' || row.length > 0) throw new Error('The last row does not end with CRLF');
  return rows;
}
