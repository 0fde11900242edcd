export { embeddedVatValidation, DEMO_VAT_REGISTRY, type RegisteredTrader } from './embedded';
export { normalizeVatNumber, splitVatNumber, VatServiceUnavailableError, type VatCheck, type VatValidationPort } from './port';
export { viesVatValidation, VIES_BASE_URL, type ViesOptions } from './vies';
