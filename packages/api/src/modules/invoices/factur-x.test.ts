import type { Invoice, InvoiceLine } from '@kubemarket/db';
import { DEMO_SELLER } from '@kubemarket/shared';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { facturXml, FACTUR_X_FILENAME } from './factur-x';
import { invoicePdf } from './pdf';
import { lodzInvoice } from '../../testing/invoices-fixtures';
import { pdfAttachments } from '../../testing/pdf-read-back';

const XSD_DIR = join(import.meta.dirname, 'factur-x-xsd');
const MAIN_XSD = 'Factur-X_1.07.3_EN16931.xsd';
const schemas = readdirSync(XSD_DIR)
  .filter((name) => name.endsWith('.xsd'))
  .map((fileName) => ({ fileName, contents: readFileSync(join(XSD_DIR, fileName), 'utf8') }));

/** libxml2's verdict against the Factur-X EN 16931 XSD: the errors, none when valid. */
async function xsdErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: 'factur-x.xml', contents: xml },
    schema: schemas.find((schema) => schema.fileName === MAIN_XSD)!,
    preload: schemas.filter((schema) => schema.fileName !== MAIN_XSD),
  });
  return result.errors.map((error) => error.rawMessage);
}

const values = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<ram:${tag}(?: [^>]*)?>([^<]*)</ram:${tag}>`, 'g'))].map((match) => match[1]!);
const cents = (text: string) => Math.round(Number(text) * 100);

/** What EN 16931's calculation rules ask (BR-CO-10, BR-CO-13/15, BR-27): checked on our output. */
function expectConsistent(xml: string) {
  const lineTotals = values(xml, 'LineTotalAmount').map(cents);
  const header = lineTotals.pop()!;
  expect(lineTotals.reduce((sum, value) => sum + value, 0)).toBe(header);
  const [basis] = values(xml, 'TaxBasisTotalAmount').map(cents);
  const [tax] = values(xml, 'TaxTotalAmount').map(cents);
  const [grand] = values(xml, 'GrandTotalAmount').map(cents);
  expect(basis).toBe(header);
  expect(grand).toBe(basis! + tax!);
  for (const price of values(xml, 'ChargeAmount')) expect(Number(price)).toBeGreaterThanOrEqual(0);
}

describe('Factur-X (EN 16931) XML', () => {
  it('validates against the XSD for a reverse-charged invoice, with the VAT check that justifies it', async () => {
    const { invoice, lines } = await lodzInvoice();
    expect(invoice.reverseCharge).toBe(true);
    const xml = facturXml(invoice, lines, { seller: DEMO_SELLER });
    expect(await xsdErrors(xml)).toEqual([]);
    expect(xml).toContain('<ram:TypeCode>380</ram:TypeCode>');
    expect(xml).toContain('<ram:CategoryCode>AE</ram:CategoryCode>');
    expect(xml).toContain('<ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>');
    expect(xml).toContain(`<ram:ID schemeID="VA">${DEMO_SELLER.vatId}</ram:ID>`);
    expect(xml).toContain('<ram:ID schemeID="VA">PL5252344078</ram:ID>');
    expect(xml).toMatch(/Customer VAT number PL5252344078 checked with the embedded register on \d{4}-\d{2}-\d{2}, consultation LOCAL-/);
    expect(xml).toContain(`<ram:PaymentReference>${invoice.paymentReference}</ram:PaymentReference>`);
    expect(xml).toContain('<ram:IBANID>FR7630006000011234567890189</ram:IBANID>');
    expectConsistent(xml);
  });

  it('validates for French VAT and for a customer outside the EU', async () => {
    const { invoice, lines } = await lodzInvoice();
    const french: Invoice = { ...invoice, reverseCharge: false, vatRateBasisPoints: 2000, taxCents: Math.round(invoice.taxableCents * 0.2), totalCents: invoice.taxableCents + Math.round(invoice.taxableCents * 0.2), billing: { ...invoice.billing, countryCode: 'FR', vatNumber: null }, vatCheck: null };
    const frenchXml = facturXml(french, lines, { seller: DEMO_SELLER });
    expect(await xsdErrors(frenchXml)).toEqual([]);
    expect(frenchXml).toContain('<ram:CategoryCode>S</ram:CategoryCode>');
    expect(frenchXml).toContain('<ram:RateApplicablePercent>20</ram:RateApplicablePercent>');
    expectConsistent(frenchXml);

    const american: Invoice = { ...french, vatRateBasisPoints: 0, taxCents: 0, totalCents: invoice.taxableCents, billing: { ...invoice.billing, countryCode: 'US', vatNumber: null } };
    const americanXml = facturXml(american, lines, { seller: DEMO_SELLER });
    expect(await xsdErrors(americanXml)).toEqual([]);
    expect(americanXml).toContain('<ram:CategoryCode>O</ram:CategoryCode>');
    expect(americanXml).not.toContain('RateApplicablePercent');
    // BR-O-02: no seller VAT identifier on an invoice outside the scope of VAT.
    expect(americanXml).not.toContain(DEMO_SELLER.vatId);
  });

  it('states a credit note as type 381 with positive amounts, referencing the invoice it corrects', async () => {
    const { invoice, lines } = await lodzInvoice();
    const note: Invoice = {
      ...invoice,
      id: 'inv_note',
      kind: 'credit_note',
      number: 'KM-AV-2026-000001',
      subtotalCents: -invoice.subtotalCents,
      creditsCents: -invoice.creditsCents,
      taxableCents: -invoice.taxableCents,
      taxCents: -invoice.taxCents,
      totalCents: -invoice.totalCents,
      correctsInvoiceId: invoice.id,
      paymentReference: null,
    };
    const negated: InvoiceLine[] = lines.map((line) => ({ ...line, amountCents: -line.amountCents, unitPriceMillicents: -line.unitPriceMillicents }));
    const xml = facturXml(note, negated, { seller: DEMO_SELLER, corrects: { number: invoice.number, issuedAt: invoice.issuedAt } });
    expect(await xsdErrors(xml)).toEqual([]);
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(xml).toContain(`<ram:IssuerAssignedID>${invoice.number}</ram:IssuerAssignedID>`);
    expect(cents(values(xml, 'GrandTotalAmount')[0]!)).toBe(invoice.totalCents);
    expectConsistent(xml);
  });

  it('refuses what the XSD refuses (the check is real)', async () => {
    const { invoice, lines } = await lodzInvoice();
    const xml = facturXml(invoice, lines, { seller: DEMO_SELLER });
    expect((await xsdErrors(xml.replace('<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>', ''))).length).toBeGreaterThan(0);
    expect((await xsdErrors(xml.replace(/<ram:TypeCode>380<\/ram:TypeCode>/, '<ram:Kind>380</ram:Kind>'))).length).toBeGreaterThan(0);
  });
});

describe('the invoice PDF as Factur-X', () => {
  it('is PDF/A-3B with factur-x.xml attached as its alternative, and that XML validates', async () => {
    const { invoice, lines } = await lodzInvoice();
    const { files, xmp, outputIntents } = await pdfAttachments(await invoicePdf(invoice, lines, DEMO_SELLER));
    expect(files).toHaveLength(1);
    const [file] = files;
    expect(file!.name).toBe(FACTUR_X_FILENAME);
    expect(file!.relationship).toBe('/Alternative');
    expect(file!.associated).toBe(true);
    expect(file!.text).toBe(facturXml(invoice, lines, { seller: DEMO_SELLER }));
    expect(await xsdErrors(file!.text)).toEqual([]);
    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance>');
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(xmp).toContain(`<fx:DocumentFileName>${FACTUR_X_FILENAME}</fx:DocumentFileName>`);
    expect(outputIntents).toBe(true);
  });
});
