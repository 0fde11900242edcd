/**
 * Factur-X / ZUGFeRD (EN 16931 profile): the invoice as UN/CEFACT Cross Industry Invoice XML (CII
 * D16B), embedded in its PDF so that accounting software reads it without retyping (issue 30).
 * Elements follow the order of the Factur-X 1.07 EN16931 XSD (a test validates against it), and
 * the business rules of EN 16931 an XSD cannot check are kept by construction:
 * - every line is a line, credits and prepaid deductions included (negative quantity, positive
 *   price: BR-27 forbids negative prices), so Σ line amounts = LineTotalAmount = the tax basis;
 * - one VAT breakdown: S (standard rate), AE (reverse charge, with its VATEX code and mention) or
 *   O (outside the scope of EU VAT, for customers outside the EU, without the seller's VAT id);
 * - a credit note is type 381 with positive amounts and references the invoice it corrects.
 */
import type { Invoice, InvoiceLine } from '@kubemarket/db';
import type { SellerIdentity } from '@kubemarket/shared';

export const FACTUR_X_FILENAME = 'factur-x.xml';
export const FACTUR_X_PROFILE = 'EN 16931';
const GUIDELINE = 'urn:cen.eu:en16931:2017';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Cents as a decimal amount with two decimals ("-12.30"). */
function amount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** Millicents (thousandths of a cent) as a decimal amount of up to five decimals, never negative. */
function price(millicents: number): string {
  const absolute = Math.abs(millicents);
  const fraction = String(absolute % 100_000).padStart(5, '0').replace(/0{1,3}$/, '');
  return `${Math.floor(absolute / 100_000)}.${fraction}`;
}

/** Thousandths as a decimal quantity ("720", "-1", "12.345"). */
function quantity(milli: number): string {
  const sign = milli < 0 ? '-' : '';
  const absolute = Math.abs(milli);
  const fraction = String(absolute % 1000).padStart(3, '0').replace(/0+$/, '');
  return `${sign}${Math.floor(absolute / 1000)}${fraction ? `.${fraction}` : ''}`;
}

const day = (epoch: number) => new Date(epoch).toISOString().slice(0, 10).replaceAll('-', '');
const dateTime = (tag: string, epoch: number) => `<${tag}><udt:DateTimeString format="102">${day(epoch)}</udt:DateTimeString></${tag}>`;

/** UN/ECE Recommendation 20 unit codes for what our lines count. */
function unitCode(description: string): string {
  if (/\((node-)?hours\)/.test(description)) return 'HUR';
  if (/\(GB\)/.test(description)) return 'E34';
  return 'C62';
}

interface Address {
  lines: string[];
  postcode: string | null;
  city: string | null;
  countryCode: string;
}

function sellerAddress(seller: SellerIdentity): Address {
  const lines = [...seller.addressLines];
  const last = lines.at(-1) ?? '';
  const match = /^(\d[\dA-Z -]{1,9}?)\s+(\D.*)$/.exec(last);
  if (match) lines.pop();
  return { lines, postcode: match?.[1] ?? null, city: match?.[2] ?? null, countryCode: seller.countryCode };
}

function addressXml(address: Address): string {
  const [one, two, three] = address.lines.filter(Boolean);
  return [
    '<ram:PostalTradeAddress>',
    address.postcode ? `<ram:PostcodeCode>${escape(address.postcode)}</ram:PostcodeCode>` : '',
    one ? `<ram:LineOne>${escape(one)}</ram:LineOne>` : '',
    two ? `<ram:LineTwo>${escape(two)}</ram:LineTwo>` : '',
    three ? `<ram:LineThree>${escape(three)}</ram:LineThree>` : '',
    address.city ? `<ram:CityName>${escape(address.city)}</ram:CityName>` : '',
    `<ram:CountryID>${escape(address.countryCode)}</ram:CountryID>`,
    '</ram:PostalTradeAddress>',
  ].join('');
}

interface TaxCategory {
  code: 'S' | 'AE' | 'O';
  percent: string | null;
  exemption: { code: string; reason: string } | null;
}

function taxCategory(invoice: Invoice): TaxCategory {
  if (invoice.reverseCharge) return { code: 'AE', percent: '0', exemption: { code: 'VATEX-EU-AE', reason: 'Reverse charge: VAT is accounted for by the customer (Article 196, Council Directive 2006/112/EC)' } };
  if (invoice.vatRateBasisPoints === 0) return { code: 'O', percent: null, exemption: { code: 'VATEX-EU-O', reason: 'Not subject to EU VAT: customer established outside the European Union' } };
  return { code: 'S', percent: String(invoice.vatRateBasisPoints / 100), exemption: null };
}

function lineTax(category: TaxCategory): string {
  return `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${category.code}</ram:CategoryCode>${category.percent === null ? '' : `<ram:RateApplicablePercent>${category.percent}</ram:RateApplicablePercent>`}</ram:ApplicableTradeTax>`;
}

export interface FacturXContext {
  seller: SellerIdentity;
  /** A credit note's corrected invoice: its number and issue date. */
  corrects?: { number: string; issuedAt: number } | null;
}

/** The invoice or credit note as CII XML (Factur-X EN 16931). */
export function facturXml(invoice: Invoice, lines: readonly InvoiceLine[], context: FacturXContext): string {
  const creditNote = invoice.kind === 'credit_note';
  // A credit note states its amounts as positive: the type code says they are credited.
  const sign = creditNote ? -1 : 1;
  const category = taxCategory(invoice);
  const billing = invoice.billing;
  const seller = context.seller;
  const lineTotal = lines.reduce((sum, line) => sum + line.amountCents, 0) * sign;

  const items = lines.map((line, index) => {
    const cents = line.amountCents * sign;
    const negative = cents < 0 || (cents === 0 && line.unitPriceMillicents * sign < 0);
    const billed = negative ? -Math.abs(line.quantityMilli) : Math.abs(line.quantityMilli);
    return [
      '<ram:IncludedSupplyChainTradeLineItem>',
      `<ram:AssociatedDocumentLineDocument><ram:LineID>${index + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>`,
      `<ram:SpecifiedTradeProduct><ram:Name>${escape(line.description)}</ram:Name></ram:SpecifiedTradeProduct>`,
      `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${price(line.unitPriceMillicents)}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>`,
      `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="${unitCode(line.description)}">${quantity(billed)}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>`,
      '<ram:SpecifiedLineTradeSettlement>',
      lineTax(category),
      `<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${amount(cents)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>`,
      '</ram:SpecifiedLineTradeSettlement>',
      '</ram:IncludedSupplyChainTradeLineItem>',
    ].join('');
  });

  const notes = [
    `<ram:IncludedNote><ram:Content>${escape(`${seller.legalName} · ${seller.registration}`)}</ram:Content><ram:SubjectCode>REG</ram:SubjectCode></ram:IncludedNote>`,
    ...(invoice.reverseCharge && invoice.vatCheck
      ? [`<ram:IncludedNote><ram:Content>${escape(`Customer VAT number ${invoice.vatCheck.vatNumber} checked with ${invoice.vatCheck.source === 'vies' ? 'VIES' : 'the embedded register'} on ${new Date(invoice.vatCheck.checkedAt).toISOString().slice(0, 10)}${invoice.vatCheck.consultationNumber ? `, consultation ${invoice.vatCheck.consultationNumber}` : ''}`)}</ram:Content><ram:SubjectCode>TXD</ram:SubjectCode></ram:IncludedNote>`]
      : []),
  ];

  const sellerTax = category.code === 'O' ? '' : `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${escape(seller.vatId)}</ram:ID></ram:SpecifiedTaxRegistration>`;
  const buyerTax = billing.vatNumber ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${escape(billing.vatNumber)}</ram:ID></ram:SpecifiedTaxRegistration>` : '';
  const buyerAddress: Address = { lines: [billing.addressLine1, billing.addressLine2 ?? ''], postcode: billing.postalCode || null, city: billing.city || null, countryCode: billing.countryCode };
  const taxBasis = invoice.taxableCents * sign;
  const tax = invoice.taxCents * sign;
  const total = invoice.totalCents * sign;
  const prepaid = creditNote ? 0 : Math.min(invoice.receivedCents, invoice.totalCents);

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">',
    `<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${GUIDELINE}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>`,
    `<rsm:ExchangedDocument><ram:ID>${escape(invoice.number)}</ram:ID><ram:TypeCode>${creditNote ? 381 : 380}</ram:TypeCode>${dateTime('ram:IssueDateTime', invoice.issuedAt)}${notes.join('')}</rsm:ExchangedDocument>`,
    '<rsm:SupplyChainTradeTransaction>',
    ...items,
    '<ram:ApplicableHeaderTradeAgreement>',
    billing.billingId ? `<ram:BuyerReference>${escape(billing.billingId)}</ram:BuyerReference>` : '',
    `<ram:SellerTradeParty><ram:Name>${escape(seller.legalName)}</ram:Name>${addressXml(sellerAddress(seller))}${sellerTax}</ram:SellerTradeParty>`,
    `<ram:BuyerTradeParty><ram:Name>${escape(billing.companyName)}</ram:Name>${addressXml(buyerAddress)}${buyerTax}</ram:BuyerTradeParty>`,
    '</ram:ApplicableHeaderTradeAgreement>',
    '<ram:ApplicableHeaderTradeDelivery/>',
    '<ram:ApplicableHeaderTradeSettlement>',
    invoice.paymentReference && !creditNote ? `<ram:PaymentReference>${escape(invoice.paymentReference)}</ram:PaymentReference>` : '',
    '<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>',
    creditNote
      ? ''
      : `<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount><ram:IBANID>${escape(seller.iban.replace(/\s/g, ''))}</ram:IBANID></ram:PayeePartyCreditorFinancialAccount><ram:PayeeSpecifiedCreditorFinancialInstitution><ram:BICID>${escape(seller.bic)}</ram:BICID></ram:PayeeSpecifiedCreditorFinancialInstitution></ram:SpecifiedTradeSettlementPaymentMeans>`,
    [
      '<ram:ApplicableTradeTax>',
      `<ram:CalculatedAmount>${amount(tax)}</ram:CalculatedAmount>`,
      '<ram:TypeCode>VAT</ram:TypeCode>',
      category.exemption ? `<ram:ExemptionReason>${escape(category.exemption.reason)}</ram:ExemptionReason>` : '',
      `<ram:BasisAmount>${amount(taxBasis)}</ram:BasisAmount>`,
      `<ram:CategoryCode>${category.code}</ram:CategoryCode>`,
      category.exemption ? `<ram:ExemptionReasonCode>${category.exemption.code}</ram:ExemptionReasonCode>` : '',
      category.percent === null ? '' : `<ram:RateApplicablePercent>${category.percent}</ram:RateApplicablePercent>`,
      '</ram:ApplicableTradeTax>',
    ].join(''),
    `<ram:BillingSpecifiedPeriod>${dateTime('ram:StartDateTime', invoice.periodStart)}${dateTime('ram:EndDateTime', Math.max(invoice.periodStart, invoice.periodEnd - 1))}</ram:BillingSpecifiedPeriod>`,
    creditNote ? '' : `<ram:SpecifiedTradePaymentTerms><ram:Description>${escape(`Due on receipt, at the latest by ${new Date(invoice.dueAt).toISOString().slice(0, 10)}`)}</ram:Description>${dateTime('ram:DueDateDateTime', invoice.dueAt)}</ram:SpecifiedTradePaymentTerms>`,
    [
      '<ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
      `<ram:LineTotalAmount>${amount(lineTotal)}</ram:LineTotalAmount>`,
      `<ram:TaxBasisTotalAmount>${amount(taxBasis)}</ram:TaxBasisTotalAmount>`,
      `<ram:TaxTotalAmount currencyID="EUR">${amount(tax)}</ram:TaxTotalAmount>`,
      `<ram:GrandTotalAmount>${amount(total)}</ram:GrandTotalAmount>`,
      prepaid > 0 ? `<ram:TotalPrepaidAmount>${amount(prepaid)}</ram:TotalPrepaidAmount>` : '',
      `<ram:DuePayableAmount>${amount(total - prepaid)}</ram:DuePayableAmount>`,
      '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
    ].join(''),
    context.corrects
      ? `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${escape(context.corrects.number)}</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${day(context.corrects.issuedAt)}</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument>`
      : '',
    '</ram:ApplicableHeaderTradeSettlement>',
    '</rsm:SupplyChainTradeTransaction>',
    '</rsm:CrossIndustryInvoice>',
  ].join('\n');
}
