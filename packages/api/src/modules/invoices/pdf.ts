// The font module's type; a path reference so that every program reaching this file (worker, web) has it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./font-modules.d.ts" />
import fontkit from '@pdf-lib/fontkit';
import type { Invoice, InvoiceLine } from '@kubemarket/db';
import { PRODUCT_NAME, type SellerIdentity } from '@kubemarket/shared';
import { AFRelationship, PageSizes, PDFDocument, PDFHexString, PDFName, PDFString, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import SRGB_ICC from '../../../assets/color/sRGB2014.icc?base64';
import DEJAVU_SANS from '../../../assets/fonts/DejaVuSans.ttf?base64';
import { printedReference } from './creditor-reference';
import { FACTUR_X_FILENAME, FACTUR_X_PROFILE, facturXml, type FacturXContext } from './factur-x';

/**
 * An invoice or credit note as an A4 PDF (issue 13). pdf-lib's standard fonts are WinAnsi only
 * ("Łódź" throws), so the text is set in DejaVu Sans, embedded as a subset of the glyphs used;
 * pdf-lib writes a ToUnicode map with it, so the text can be copied and searched.
 */

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN = 50;
const FOOTER_Y = 30;
/** Lowest baseline of the body: leaves room for the footer. */
const BODY_BOTTOM = 60;
const RIGHT = PAGE_WIDTH - MARGIN;

const TEXT = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.42, 0.44, 0.48);
const RULE = rgb(0.82, 0.84, 0.87);
const HEADER_FILL = rgb(0.94, 0.95, 0.97);

const TABLE_SIZE = 9;
const TABLE_LEADING = 11.5;
const ROW_PADDING = 3;
/** Right edges of the number columns; the description takes what is left of them. */
const COLUMNS = { description: MARGIN + 4, quantity: 375, unitPrice: 460, amount: RIGHT - 4 };
const DESCRIPTION_WIDTH = 290;

const STATUS_LABELS: Record<Invoice['status'], string> = { paid: 'Paid', due: 'Due', overdue: 'Overdue', void: 'Void' };

function decodeBase64(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

let fontBytes: Uint8Array | undefined;
let iccBytes: Uint8Array | undefined;

/** The font decoded once per isolate; every PDF embeds its own subset of it. */
function dejaVuSans(): Uint8Array {
  fontBytes ??= decodeBase64(DEJAVU_SANS);
  return fontBytes;
}

const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** EUR cents as "€1,234.56" or "-€12.00", the same in every runtime (no locale data involved). */
export function eurosText(cents: number): string {
  const absolute = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}€${grouped(String(Math.floor(absolute / 100)))}.${String(absolute % 100).padStart(2, '0')}`;
}

/** Thousandths of a cent as euros with two to five decimals: 90 000 → "€0.90", 125 → "€0.00125". */
export function unitPriceText(millicents: number): string {
  const absolute = Math.abs(millicents);
  const fraction = String(absolute % 100_000).padStart(5, '0').replace(/0{1,3}$/, '');
  return `${millicents < 0 ? '-' : ''}€${grouped(String(Math.floor(absolute / 100_000)))}.${fraction}`;
}

/** Thousandths as a person reads a quantity: 3 000 000 → "3,000", 12 345 → "12.345". */
export function quantityText(quantityMilli: number): string {
  const absolute = Math.abs(quantityMilli);
  const fraction = String(absolute % 1000).padStart(3, '0').replace(/0+$/, '');
  return `${quantityMilli < 0 ? '-' : ''}${grouped(String(Math.floor(absolute / 1000)))}${fraction ? `.${fraction}` : ''}`;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const dateText = (epoch: number) => dateFormat.format(epoch);

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    // An unknown code (RangeError) still prints as the code itself.
    return code;
  }
}

/** Greedy word wrap; a word wider than the line (an id, a URL) is cut between characters. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

class Layout {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;

  constructor(
    private readonly doc: PDFDocument,
    readonly font: PDFFont,
    private readonly continuationTitle: string,
  ) {}

  newPage(first: boolean) {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = PAGE_HEIGHT - MARGIN;
    if (!first) {
      this.text(this.continuationTitle, MARGIN, this.y - 10, 10, MUTED);
      this.y -= 30;
    }
  }

  text(value: string, x: number, y: number, size: number, color = TEXT) {
    if (value) this.page.drawText(value, { x, y, size, font: this.font, color });
  }

  textRight(value: string, right: number, y: number, size: number, color = TEXT) {
    this.text(value, right - this.font.widthOfTextAtSize(value, size), y, size, color);
  }

  rule(y: number) {
    this.page.drawLine({ start: { x: MARGIN, y }, end: { x: RIGHT, y }, thickness: 0.6, color: RULE });
  }

  /** A table's header band: the first column's label from its left edge, the others' to their right edges. */
  tableHeader(first: [label: string, left: number], others: Array<[label: string, right: number]>) {
    const top = this.y;
    this.page.drawRectangle({ x: MARGIN, y: top - 18, width: RIGHT - MARGIN, height: 18, color: HEADER_FILL });
    const baseline = top - 12.5;
    this.text(first[0], first[1], baseline, 8.5, MUTED);
    for (const [label, right] of others) this.textRight(label, right, baseline, 8.5, MUTED);
    this.y = top - 18;
  }

  /** Starts a new page when `height` no longer fits above the footer. */
  ensure(height: number, onNewPage?: () => void) {
    if (this.y - height >= BODY_BOTTOM) return;
    this.newPage(false);
    onNewPage?.();
  }
}

/**
 * The invoice or credit note as a PDF: the seller (legal name, address, VAT id, registration), the
 * customer, the dates and payment terms, every line, the totals, and how to pay by transfer.
 */
export async function invoicePdf(invoice: Invoice, lines: InvoiceLine[], seller: SellerIdentity, options: Omit<FacturXContext, 'seller'> & { carbon?: CarbonAnnex | null } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(dejaVuSans(), { subset: true });
  const title = invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice';
  const billing = invoice.billing;

  doc.setTitle(`${title} ${invoice.number}`);
  doc.setAuthor(PRODUCT_NAME);
  doc.setSubject(`${title} ${invoice.number} for ${billing.companyName}`);
  doc.setCreator(PRODUCT_NAME);
  doc.setProducer(PRODUCT_NAME);
  // The issue date, not the rendering time: the same invoice downloaded twice says the same thing.
  doc.setCreationDate(new Date(invoice.issuedAt));
  doc.setModificationDate(new Date(invoice.issuedAt));

  const layout = new Layout(doc, font, `${PRODUCT_NAME} · ${title} ${invoice.number} (continued)`);
  layout.newPage(true);

  // Seller (left) and document title (right).
  let y = layout.y - 20;
  layout.text(PRODUCT_NAME, MARGIN, y, 22);
  layout.textRight(title, RIGHT, y, 18);
  y -= 16;
  layout.textRight(invoice.number, RIGHT, y, 11);
  // The seller's name and address here; its VAT id and registration in every page's footer.
  const sellerLines: Array<[string, number, typeof MUTED]> = [
    [seller.legalName, 9, TEXT],
    [[...seller.addressLines, countryName(seller.countryCode)].join(', '), 8, MUTED],
  ];
  const titleBottom = y - 14;
  layout.textRight(`Status: ${STATUS_LABELS[invoice.status]}`, RIGHT, titleBottom, 9, MUTED);
  for (const [value, size, color] of sellerLines) {
    for (const line of wrapText(value, font, size, 280)) {
      layout.text(line, MARGIN, y, size, color);
      y -= size + 3;
    }
  }
  y = Math.min(y, titleBottom) - 13;
  layout.rule(y);

  // Customer (left) and dates (right).
  y -= 18;
  const blockTop = y;
  layout.text('Bill to', MARGIN, y, 8, MUTED);
  y -= 14;
  const billTo: Array<[string, number]> = [
    [billing.companyName, 11],
    [billing.addressLine1, 9.5],
    [billing.addressLine2 ?? '', 9.5],
    [`${billing.postalCode} ${billing.city}`.trim(), 9.5],
    [countryName(billing.countryCode), 9.5],
    [billing.vatNumber ? `VAT number: ${billing.vatNumber}` : '', 9.5],
    [billing.billingId ? `Billing ID: ${billing.billingId}` : '', 9.5],
  ];
  for (const [value, size] of billTo) {
    if (!value) continue;
    for (const line of wrapText(value, font, size, 270)) {
      layout.text(line, MARGIN, y, size);
      y -= size + 4;
    }
  }
  const leftBottom = y;

  y = blockTop;
  const details: Array<[string, string]> = [
    ['Issued', dateText(invoice.issuedAt)],
    invoice.paidAt !== null ? ['Paid', dateText(invoice.paidAt)] : ['Due', dateText(invoice.dueAt)],
    [invoice.orderId ? 'Service from' : 'Period', invoice.orderId ? dateText(invoice.periodStart) : `${dateText(invoice.periodStart)} – ${dateText(invoice.periodEnd - 1)}`],
    ['Status', STATUS_LABELS[invoice.status]],
    ...(options.corrects ? [['Corrects', `${options.corrects.number} of ${dateText(options.corrects.issuedAt)}`] as [string, string]] : []),
    ...(invoice.paymentReference && invoice.kind === 'invoice' ? [['Reference', printedReference(invoice.paymentReference)] as [string, string]] : []),
  ];
  layout.text('Details', 340, y, 8, MUTED);
  y -= 14;
  for (const [label, value] of details) {
    layout.text(label, 340, y, 9, MUTED);
    // A value too long to sit beside its label goes on the line below it, never over it.
    if (340 + font.widthOfTextAtSize(label, 9) + 10 + font.widthOfTextAtSize(value, 9.5) > RIGHT) y -= 12;
    layout.textRight(value, RIGHT, y, 9.5);
    y -= 14;
  }
  layout.y = Math.min(leftBottom, y) - 16;

  // Lines.
  const tableHeader = () =>
    layout.tableHeader(
      ['Description', COLUMNS.description],
      [
        ['Quantity', COLUMNS.quantity],
        ['Unit price', COLUMNS.unitPrice],
        ['Amount', COLUMNS.amount],
      ],
    );
  tableHeader();
  for (const line of lines) {
    const wrapped = wrapText(line.description, font, TABLE_SIZE, DESCRIPTION_WIDTH);
    const height = wrapped.length * TABLE_LEADING + 2 * ROW_PADDING;
    layout.ensure(height, tableHeader);
    let baseline = layout.y - ROW_PADDING - TABLE_SIZE;
    layout.textRight(quantityText(line.quantityMilli), COLUMNS.quantity, baseline, TABLE_SIZE);
    layout.textRight(unitPriceText(line.unitPriceMillicents), COLUMNS.unitPrice, baseline, TABLE_SIZE);
    layout.textRight(eurosText(line.amountCents), COLUMNS.amount, baseline, TABLE_SIZE);
    for (const part of wrapped) {
      layout.text(part, COLUMNS.description, baseline, TABLE_SIZE);
      baseline -= TABLE_LEADING;
    }
    layout.y -= height;
    layout.rule(layout.y);
  }
  if (lines.length === 0) {
    layout.y -= 16;
    layout.text('No lines.', COLUMNS.description, layout.y, TABLE_SIZE, MUTED);
    layout.y -= 8;
  }

  // Totals.
  const vatLabel = invoice.reverseCharge ? 'VAT reverse-charged (0%)' : `VAT ${invoice.vatRateBasisPoints / 100}%`;
  const totals: Array<[string, number, number]> = [
    ['Subtotal', invoice.subtotalCents, 9.5],
    ['Discount', -invoice.discountCents, 9.5],
    ['Credits applied', -invoice.creditsCents, 9.5],
    ['Taxable amount', invoice.taxableCents, 9.5],
    [vatLabel, invoice.taxCents, 9.5],
    ['Total', invoice.totalCents, 12],
  ];
  const check = invoice.vatCheck;
  const consultation = check
    ? ` ${check.vatNumber} valid per ${check.source === 'vies' ? 'VIES' : 'the embedded check'} on ${dateText(check.checkedAt)}${check.consultationNumber ? `, consultation ${check.consultationNumber}` : ''}.`
    : '';
  const reverseChargeNote = invoice.reverseCharge
    ? wrapText(`Reverse charge: VAT is accounted for by the customer (Article 196, Council Directive 2006/112/EC).${consultation}`, font, 8.5, RIGHT - MARGIN)
    : invoice.vatRateBasisPoints === 0 && invoice.kind === 'invoice'
      ? wrapText('VAT not applicable: the customer is established outside the European Union (Article 44, Council Directive 2006/112/EC).', font, 8.5, RIGHT - MARGIN)
      : [];
  const advanceNote = invoice.orderId
    ? wrapText('Advance invoice for an order: the monthly invoices deduct what it prepaid (net) from the use of what was ordered, so its VAT is never charged twice.', font, 8.5, RIGHT - MARGIN)
    : [];
  // Payment terms and the account a transfer goes to, left of the totals (a credit note is settled, not paid).
  const terms =
    invoice.kind === 'credit_note'
      ? [`This credit note corrects an earlier invoice in full; it is settled on issue (${dateText(invoice.issuedAt)}).`]
      : [
          invoice.paidAt !== null
            ? `Paid on ${dateText(invoice.paidAt)}. Payment terms: due on receipt, at the latest by ${dateText(invoice.dueAt)}.`
            : `Payment terms: due on receipt, at the latest by ${dateText(invoice.dueAt)}.${seller.countryCode === 'FR' ? ' Late payments bear interest at the ECB rate plus 10 points and a €40 recovery fee (French Commercial Code, article L441-10).' : ''}`,
          `Bank transfer to ${seller.legalName}: IBAN ${seller.iban} · BIC ${seller.bic} · reference ${invoice.paymentReference ? printedReference(invoice.paymentReference) : invoice.number}.`,
          ...(invoice.receivedCents > 0 && invoice.receivedCents < invoice.totalCents ? [`Received so far: ${eurosText(invoice.receivedCents)}; still due: ${eurosText(invoice.totalCents - invoice.receivedCents)}.`] : []),
        ];
  const termLines = terms.flatMap((term, index) => [...(index > 0 ? [''] : []), ...wrapText(term, font, 8.5, 270)]);
  const totalsHeight = totals.reduce((height, [label, , size]) => height + size + 7 + (label === 'Total' ? 4 : 0), 0);
  const notes = [...reverseChargeNote, ...advanceNote];
  layout.ensure(16 + Math.max(totalsHeight, termLines.length * 12) + notes.length * 12 + 24);
  y = layout.y - 16;
  let termsY = y;
  for (const line of termLines) {
    layout.text(line, MARGIN, termsY, 8.5, MUTED);
    termsY -= line ? 12 : 6;
  }
  for (const [label, cents, size] of totals) {
    if (label === 'Total') {
      y -= 4;
      layout.page.drawLine({ start: { x: 340, y: y + size + 3 }, end: { x: RIGHT, y: y + size + 3 }, thickness: 0.8, color: TEXT });
    }
    layout.text(label, 340, y, size, label === 'Total' ? TEXT : MUTED);
    layout.textRight(eurosText(cents), COLUMNS.amount, y, size);
    y -= size + 7;
  }
  y = Math.min(y, termsY) - 10;
  for (const note of notes) {
    layout.text(note, MARGIN, y, 8.5, MUTED);
    y -= 12;
  }
  layout.y = y;

  if (options.carbon) carbonAnnexPages(layout, options.carbon);

  const pageCount = layout.pages.length;
  const legal = `${seller.legalName} · VAT ID: ${seller.vatId} · ${seller.registration}`;
  layout.pages.forEach((page, index) => {
    page.drawText(legal, { x: (PAGE_WIDTH - font.widthOfTextAtSize(legal, 7)) / 2, y: FOOTER_Y + 12, size: 7, font, color: MUTED });
    const footer = `${invoice.number} · Page ${index + 1} of ${pageCount}`;
    page.drawText(footer, { x: (PAGE_WIDTH - font.widthOfTextAtSize(footer, 8)) / 2, y: FOOTER_Y, size: 8, font, color: MUTED });
  });

  await makeFacturX(doc, invoice, facturXml(invoice, lines, { seller, ...options }));
  return doc.save({ useObjectStreams: false });
}

/** The monthly invoice's carbon annex (issue 34, ADR 39): each cluster's metered hours turned into an estimate. */
export interface CarbonAnnex {
  clusters: Array<{ name: string; regionId: string; nodeHours: number; facilityKwh: number; kgCo2e: number }>;
  totalKgCo2e: number;
  /** The model's figures and where they come from, one line each. */
  sources: string[];
}

const ANNEX_COLUMNS = { cluster: MARGIN + 4, nodeHours: 330, kwh: 430, kg: RIGHT - 4 };
const decimal = (value: number, digits: number) => new Intl.NumberFormat('en-IE', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

/**
 * "Estimated carbon footprint": a page after the invoice (never part of the amount due) listing each
 * cluster's node-hours, kWh and kg CO₂e for the period, the method and the sources of its figures.
 */
function carbonAnnexPages(layout: Layout, annex: CarbonAnnex) {
  const { font } = layout;
  layout.newPage(false);
  let y = layout.y;
  layout.text('Estimated carbon footprint', MARGIN, y, 16);
  y -= 18;
  const intro =
    'An estimate for the period of this invoice, not a measurement and not part of the amount due: each cluster’s metered node-hours and control-plane hours × the average power of its nodes × the data centre’s PUE × the grid’s carbon intensity. Storage, network and the manufacture of the hardware are not counted.';
  for (const line of wrapText(intro, font, 9, RIGHT - MARGIN)) {
    layout.text(line, MARGIN, y, 9, MUTED);
    y -= 12;
  }
  layout.y = y - 8;
  const header = () =>
    layout.tableHeader(
      ['Cluster (region)', ANNEX_COLUMNS.cluster],
      [
        ['Node-hours', ANNEX_COLUMNS.nodeHours],
        ['kWh (with PUE)', ANNEX_COLUMNS.kwh],
        ['kg CO₂e', ANNEX_COLUMNS.kg],
      ],
    );
  header();
  const row = (label: string, nodeHours: string, kwh: string, kg: string, size = TABLE_SIZE) => {
    layout.ensure(TABLE_LEADING + 2 * ROW_PADDING, header);
    const baseline = layout.y - ROW_PADDING - size;
    layout.text(label, ANNEX_COLUMNS.cluster, baseline, size);
    layout.textRight(nodeHours, ANNEX_COLUMNS.nodeHours, baseline, size);
    layout.textRight(kwh, ANNEX_COLUMNS.kwh, baseline, size);
    layout.textRight(kg, ANNEX_COLUMNS.kg, baseline, size);
    layout.y -= TABLE_LEADING + 2 * ROW_PADDING;
    layout.rule(layout.y);
  };
  for (const cluster of annex.clusters) row(`${cluster.name} (${cluster.regionId})`, decimal(cluster.nodeHours, 1), decimal(cluster.facilityKwh, 1), decimal(cluster.kgCo2e, 2));
  if (annex.clusters.length === 0) row('No cluster ran in this period.', '', '', '');
  row('Total', '', '', decimal(annex.totalKgCo2e, 2), 10);
  layout.y -= 14;
  layout.ensure(14);
  layout.text('Sources', MARGIN, layout.y, 9);
  layout.y -= 13;
  for (const source of annex.sources) {
    for (const line of wrapText(source, font, 8, RIGHT - MARGIN)) {
      layout.ensure(11);
      layout.text(line, MARGIN, layout.y, 8, MUTED);
      layout.y -= 11;
    }
  }
}

const XMP_DATE = (epoch: number) => new Date(epoch).toISOString().replace(/\.\d{3}Z$/, 'Z');
const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * PDF/A-3B with the Factur-X XML attached: the XML as an associated file (AFRelationship
 * Alternative, as Factur-X asks for the EN 16931 profile), XMP metadata declaring PDF/A-3B and the
 * Factur-X extension schema, an sRGB OutputIntent (our colours are DeviceRGB), and a document id.
 * Fonts are already embedded (DejaVu Sans). Object streams are off: PDF/A-3 allows them, but some
 * validators of the invoice platforms still read classic cross-reference tables best.
 */
async function makeFacturX(doc: PDFDocument, invoice: Invoice, xml: string): Promise<void> {
  const issued = new Date(invoice.issuedAt);
  await doc.attach(new TextEncoder().encode(xml), FACTUR_X_FILENAME, {
    mimeType: 'text/xml',
    description: `Factur-X ${FACTUR_X_PROFILE} invoice data`,
    creationDate: issued,
    modificationDate: issued,
    afRelationship: AFRelationship.Alternative,
  });
  const title = `${invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${invoice.number}`;
  const xmp = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"><pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance></rdf:Description>
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:format>application/pdf</dc:format><dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(title)}</rdf:li></rdf:Alt></dc:title><dc:creator><rdf:Seq><rdf:li>${PRODUCT_NAME}</rdf:li></rdf:Seq></dc:creator></rdf:Description>
<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/"><pdf:Producer>${PRODUCT_NAME}</pdf:Producer></rdf:Description>
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"><xmp:CreatorTool>${PRODUCT_NAME}</xmp:CreatorTool><xmp:CreateDate>${XMP_DATE(invoice.issuedAt)}</xmp:CreateDate><xmp:ModifyDate>${XMP_DATE(invoice.issuedAt)}</xmp:ModifyDate><xmp:MetadataDate>${XMP_DATE(invoice.issuedAt)}</xmp:MetadataDate></rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema><pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI><pdfaSchema:prefix>fx</pdfaSchema:prefix>
<pdfaSchema:property><rdf:Seq>
<rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentFileName</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The name of the embedded XML document</pdfaProperty:description></rdf:li>
<rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentType</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The type of the hybrid document in capital letters, e.g. INVOICE or ORDER</pdfaProperty:description></rdf:li>
<rdf:li rdf:parseType="Resource"><pdfaProperty:name>Version</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The actual version of the standard applying to the embedded XML document</pdfaProperty:description></rdf:li>
<rdf:li rdf:parseType="Resource"><pdfaProperty:name>ConformanceLevel</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The conformance level of the embedded XML document</pdfaProperty:description></rdf:li>
</rdf:Seq></pdfaSchema:property>
</rdf:li></rdf:Bag></pdfaExtension:schemas>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"><fx:DocumentType>INVOICE</fx:DocumentType><fx:DocumentFileName>${FACTUR_X_FILENAME}</fx:DocumentFileName><fx:Version>1.0</fx:Version><fx:ConformanceLevel>${FACTUR_X_PROFILE}</fx:ConformanceLevel></rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
  const metadata = doc.context.stream(new TextEncoder().encode(xmp), { Type: 'Metadata', Subtype: 'XML' });
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(metadata));
  iccBytes ??= decodeBase64(SRGB_ICC);
  const profile = doc.context.register(doc.context.flateStream(iccBytes, { N: 3 }));
  const intent = doc.context.obj({ Type: 'OutputIntent', S: 'GTS_PDFA1', OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'), Info: PDFString.of('sRGB IEC61966-2.1'), DestOutputProfile: profile });
  doc.catalog.set(PDFName.of('OutputIntents'), doc.context.obj([doc.context.register(intent)]));
  doc.catalog.set(PDFName.of('MarkInfo'), doc.context.obj({ Marked: true }));
  // The same invoice always gets the same document id (its number), as it always renders the same.
  const id = PDFHexString.of(Array.from(new TextEncoder().encode(invoice.number.padEnd(16, '-').slice(0, 32)), (byte) => byte.toString(16).padStart(2, '0')).join(''));
  doc.context.trailerInfo.ID = doc.context.obj([id, id]);
}
