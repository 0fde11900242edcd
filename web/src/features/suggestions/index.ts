export { SmartSuggestionsPage } from './smart-suggestions-page';
export type { SuggestionsSearch } from './questionnaire';
