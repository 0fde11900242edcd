export { ApiTokensSection, API_TOKENS_ANCHOR } from './api-tokens-section';
