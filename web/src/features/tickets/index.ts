// The tickets feature's door (API module `tickets`), the support desk: customers' tickets (/support), visitors' requests (/submit-ticket, /track-ticket)
// and the staff queue (/officers/incident-tickets).
export { IncidentTicketsPage } from './incident-tickets-page';
export { OpenTicketCallout } from './open-ticket-button';
export { PublicSubmitForm } from './public-submit-form';
export { PublicTrack } from './public-track';
export { SupportDeskPage } from './support-desk-page';
export { validateSubmitSearch, validateSupportSearch, type SupportSearch } from './support-search';
export { TicketPage } from './ticket-page';
export type { TicketCategory } from './ticket-types';
