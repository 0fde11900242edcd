// The tokens feature's door (API module `tokens`): the API tokens section of /settings.
export { ApiTokensSection, API_TOKENS_ANCHOR } from './api-tokens-section';
