import { splitVatNumber, VatServiceUnavailableError, type VatCheck, type VatValidationPort } from './port';

/**
 * The production adapter: VIES's REST service (POST …/check-vat-number). Our own VAT number goes
 * with every request as the requester, so VIES returns a consultation number (requestIdentifier),
 * the seller's proof that it checked the customer's number on that day. VIES answers
 * "MS_UNAVAILABLE" and similar when a member state's registry is down: that is
 * VatServiceUnavailableError (try again later), never "invalid".
 */

export const VIES_BASE_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api';

export interface ViesOptions {
  /** Our VAT number, with its prefix (the seller's). */
  requesterVatNumber: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface ViesAnswer {
  countryCode?: string;
  vatNumber?: string;
  valid?: boolean;
  requestDate?: string;
  requestIdentifier?: string;
  name?: string;
  address?: string;
  userError?: string;
  actionSucceed?: boolean;
  errorWrappers?: Array<{ error?: string; message?: string }>;
}

/** VIES writes "---" where a member state does not disclose a name or address. */
function disclosed(value: string | undefined): string | null {
  const text = value?.trim();
  return text && text !== '---' ? text.replace(/\s*\n\s*/g, ', ') : null;
}

const UNAVAILABLE = 'The EU VAT number service (VIES) cannot check this number right now; try again in a few minutes.';

export function viesVatValidation(options: ViesOptions): VatValidationPort {
  const baseUrl = (options.baseUrl ?? VIES_BASE_URL).replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;
  const requester = splitVatNumber(options.requesterVatNumber.replace(/\s/g, '').toUpperCase());
  return {
    source: 'vies',
    async check(vatNumber: string, now: number): Promise<VatCheck> {
      const { countryCode, number } = splitVatNumber(vatNumber);
      let response: Response;
      try {
        response = await doFetch(`${baseUrl}/check-vat-number`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ countryCode, vatNumber: number, requesterMemberStateCode: requester.countryCode, requesterNumber: requester.number }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch {
        throw new VatServiceUnavailableError(UNAVAILABLE);
      }
      let answer: ViesAnswer;
      try {
        answer = (await response.json()) as ViesAnswer;
      } catch {
        throw new VatServiceUnavailableError(UNAVAILABLE);
      }
      if (!response.ok || answer.actionSucceed === false || typeof answer.valid !== 'boolean') {
        const code = answer.errorWrappers?.[0]?.error ?? answer.userError;
        // INVALID_INPUT: the number cannot be one of this member state's, which is an answer.
        if (code === 'INVALID_INPUT') return { vatNumber, valid: false, name: null, address: null, consultationNumber: null, checkedAt: now, source: 'vies' };
        throw new VatServiceUnavailableError(UNAVAILABLE);
      }
      return {
        vatNumber,
        valid: answer.valid,
        name: answer.valid ? disclosed(answer.name) : null,
        address: answer.valid ? disclosed(answer.address) : null,
        consultationNumber: answer.requestIdentifier?.trim() || null,
        checkedAt: now,
        source: 'vies',
      };
    },
  };
}
