import { z } from 'zod';
import { quoteCustomerSchema } from './quote-lines';

/** Who is billed for an order (orders.create), as the checkout and the configurator collect it. */

/** Text that must be given, within a length. */
export const requiredText = (what: string, max: number) =>
  z
    .string({ error: `${what} is required.` })
    .trim()
    .min(1, `${what} is required.`)
    .max(max, `${what} is at most ${max} characters.`);

const optionalText = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text.` })
    .trim()
    .max(max, `${what} is at most ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));

export const billingInputSchema = z
  .object({
    companyName: requiredText('The company name', 200),
    countryCode: quoteCustomerSchema.shape.countryCode,
    vatNumber: quoteCustomerSchema.shape.vatNumber,
    addressLine1: requiredText('The address', 200),
    addressLine2: optionalText('The second address line', 200),
    postalCode: z
      .string({ error: 'The postcode is required.' })
      .trim()
      .min(1, 'The postcode is required.')
      .max(16, 'The postcode is at most 16 characters.')
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'The postcode uses letters, digits, spaces and hyphens.'),
    city: requiredText('The city', 100),
  })
  .superRefine((billing, context) => {
    // The VAT number's prefix must match the country, as quotes check it (format issues are
    // already reported by the field itself).
    if (!quoteCustomerSchema.shape.vatNumber.safeParse(billing.vatNumber).success) return;
    const checked = quoteCustomerSchema.safeParse({ countryCode: billing.countryCode, vatNumber: billing.vatNumber });
    if (checked.success) return;
    for (const issue of checked.error.issues) {
      if (issue.path[0] === 'vatNumber') context.addIssue({ code: 'custom', path: ['vatNumber'], message: issue.message });
    }
  });
