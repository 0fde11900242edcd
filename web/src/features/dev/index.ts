export { MailboxPage } from './mailbox-page';
