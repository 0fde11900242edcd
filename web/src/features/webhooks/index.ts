// The webhooks feature's door (API module `webhooks`): the /settings/webhooks page and the settings page's link to it.
export { WebhooksPage } from './webhooks-page';
export { WebhooksLink } from './webhooks-link';
