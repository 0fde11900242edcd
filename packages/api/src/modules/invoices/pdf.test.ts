import type { InvoiceLine } from '@kubemarket/db';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { DEMO_SELLER } from '@kubemarket/shared';
import { isCreditorReference, printedReference } from './creditor-reference';
import { eurosText, invoicePdf, quantityText, unitPriceText } from './pdf';
import { lodzInvoice } from '../../testing/invoices-fixtures';
import { pdfText } from '../../testing/pdf-read-back';

describe('invoice PDF', () => {
  it('prints the number, the customer in Unicode, every line and the totals, as text a reader can extract', async () => {
    const { invoice, lines } = await lodzInvoice();
    expect(lines.length).toBeGreaterThan(5);
    const bytes = await invoicePdf(invoice, lines, DEMO_SELLER);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');

    const pages = await pdfText(bytes);
    expect(pages).toHaveLength(1);
    const strings = pages[0]!;
    const text = strings.join('\n');
    expect(strings).toContain('Invoice');
    expect(strings).toContain(invoice.number);
    expect(strings).toContain('Łódź Analityka Sp. z o.o.');
    expect(strings).toContain('ul. Piotrkowska 104');
    expect(strings).toContain('90-926 Łódź');
    expect(strings).toContain('Poland');
    expect(strings).toContain('VAT number: PL5252344078');
    expect(strings).toContain('Billing ID: KM-LODZ01');
    expect(strings).toContain('1 November 2026');
    expect(strings).toContain('1 October 2026 – 31 October 2026');
    expect(text).toContain('Status\nPaid');

    // The seller, as article 226 of the VAT Directive asks: name, address, VAT id; its registration.
    expect(strings).toContain('KubeMarket Demo SAS');
    expect(strings).toContain('12 rue de la Demo, 75011 Paris, France');
    expect(strings.at(-2)).toBe('KubeMarket Demo SAS · VAT ID: FR65912345675 · RCS Paris 912 345 675 · SAS with a share capital of €50,000');
    // Payment terms with the due date, and where a transfer goes, with the invoice number as reference.
    const flatText = strings.join(' ');
    const due = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(invoice.dueAt);
    expect(flatText).toContain(`Payment terms: due on receipt, at the latest by ${due}.`);
    // The reference is the invoice's ISO 11649 creditor reference (RF…), which staff match the transfer with.
    expect(flatText).toContain(`IBAN FR76 3000 6000 0112 3456 7890 189 · BIC AGRIFRPP · reference ${printedReference(invoice.paymentReference!)}.`);
    expect(isCreditorReference(invoice.paymentReference!)).toBe(true);

    // Each line: its quantity, unit price and amount, then its description (joined back if wrapped).
    const flat = strings.join(' ');
    for (const line of lines) {
      expect(flat).toContain(`${quantityText(line.quantityMilli)} ${unitPriceText(line.unitPriceMillicents)} ${eurosText(line.amountCents)} ${line.description}`);
    }

    // The totals, each after its label; the Łódź company is an EU business: reverse charge.
    expect(invoice.reverseCharge).toBe(true);
    expect(invoice.totalCents).toBe(7_827);
    expect(text).toContain(`Subtotal\n${eurosText(invoice.subtotalCents)}`);
    expect(text).toContain(`Discount\n${eurosText(-invoice.discountCents)}`);
    expect(text).toContain(`Credits applied\n${eurosText(-invoice.creditsCents)}`);
    expect(text).toContain(`Taxable amount\n${eurosText(invoice.taxableCents)}`);
    expect(text).toContain(`VAT reverse-charged (0%)\n${eurosText(invoice.taxCents)}`);
    expect(text).toContain('Total\n€78.27');
    expect(flat).toContain('Reverse charge: VAT is accounted for by the customer (Article 196, Council Directive 2006/112/EC).');
    // With the proof it rests on: the check of the customer's VAT number, its date and consultation number.
    expect(flat).toMatch(/PL5252344078 valid per the embedded check on \d{1,2} \w+ \d{4}, consultation LOCAL-\d{8}-\d{4}\./);
    // No internal id reaches the customer's document (issue 30).
    expect(flat).not.toMatch(/\b(tier|addon|mwp|mw|ord|clu|org|inv|usr)_|\bgp-\d/);
    expect(strings.at(-1)).toBe(`${invoice.number} · Page 1 of 1`);

    // Only the glyphs used travel with the file: the full font alone is 742 KiB.
    expect(bytes.length).toBeLessThan(60_000);
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getTitle()).toBe(`Invoice ${invoice.number}`);
    expect(doc.getCreationDate()?.getTime()).toBe(invoice.issuedAt);
    expect(doc.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
  });

  it('prints a VAT rate where no reverse charge applies, and a credit note as such', async () => {
    const { invoice, lines } = await lodzInvoice();
    const french = { ...invoice, kind: 'credit_note' as const, reverseCharge: false, vatRateBasisPoints: 2_000, taxCents: -1_565, totalCents: -9_392, status: 'due' as const, paidAt: null };
    const strings = (await pdfText(await invoicePdf(french, lines, DEMO_SELLER))).flat();
    const text = strings.join('\n');
    expect(strings).toContain('Credit note');
    expect(text).toContain('VAT 20%\n-€15.65');
    expect(text).toContain('Total\n-€93.92');
    const dueDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(invoice.dueAt);
    expect(text).toContain(`Due\n${dueDate}`);
    expect(strings).not.toContain('Paid');
    expect(text).not.toContain('Reverse charge');
  });

  it('runs 80 lines over several pages, repeating the table header, and wraps long descriptions within the column', async () => {
    const { invoice, lines } = await lodzInvoice();
    const longDescription = `analytics · ${'Object storage bucket with a very long descriptive name '.repeat(4).trim()} (GB-hours)`;
    const many: InvoiceLine[] = Array.from({ length: 80 }, (_, index) => ({
      ...lines[index % lines.length]!,
      id: `inl_many_${index}`,
      position: index,
      description: index === 41 ? longDescription : `Line ${index + 1}: ${lines[index % lines.length]!.description}`,
    }));
    const bytes = await invoicePdf(invoice, many, DEMO_SELLER);
    const pages = await pdfText(bytes);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((strings, index) => {
      // A page with lines has the table header once; only the last may hold the totals alone.
      const hasLines = many.some((line) => strings.join(' ').includes(line.description.split(' ').slice(0, 3).join(' ')));
      expect(strings.filter((value) => value === 'Description')).toHaveLength(hasLines ? 1 : 0);
      if (!hasLines) expect(index).toBe(pages.length - 1);
      expect(strings.at(-1)).toBe(`${invoice.number} · Page ${index + 1} of ${pages.length}`);
      if (index > 0) expect(strings[0]).toBe(`KubeMarket · Invoice ${invoice.number} (continued)`);
    });
    expect(pages[0]).toContain('Łódź Analityka Sp. z o.o.');
    // Every line once, in order, across the pages.
    const flat = pages.map((strings) => strings.join(' ')).join(' ');
    let from = 0;
    for (const line of many) {
      const at = flat.indexOf(line.description, from);
      expect(at, line.description).toBeGreaterThanOrEqual(from);
      from = at + line.description.length;
    }
    // The long one took several text lines, none wider than the description column.
    const strings = pages.flat();
    const pieces = strings.slice(strings.findIndex((value) => longDescription.startsWith(value) && value.length > 10));
    const wrapped: string[] = [];
    for (const piece of pieces) {
      if (wrapped.join(' ') === longDescription) break;
      wrapped.push(piece);
    }
    expect(wrapped.join(' ')).toBe(longDescription);
    expect(wrapped.length).toBeGreaterThanOrEqual(3);
    // The totals come last, on the last page.
    expect(pages.at(-1)!.join('\n')).toContain('Total\n€78.27');
  });
});

describe('invoice PDF in the OpenAPI document', () => {
  it('advertises the PDF download as binary application/pdf', async () => {
    const { restRoutes } = await import('../../rest');
    const { openApiDocument } = await import('../../openapi');
    const document = openApiDocument(restRoutes(), { version: 'test', serverUrl: 'https://console.example.eu' }) as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>> };
    expect(document.paths['/api/billing/invoices/{id}/pdf']!.get!.responses['200']!.content).toEqual({ 'application/pdf': { schema: { type: 'string', format: 'binary' } } });
  });
});
