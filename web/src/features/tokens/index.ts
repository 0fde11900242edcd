// The tokens feature's door (API module `tokens`): the API tokens and service accounts sections of /settings.
export { ApiTokensSection, API_TOKENS_ANCHOR } from './api-tokens-section';
export { ServiceAccountsSection } from './service-accounts-section';
