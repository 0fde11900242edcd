export { UsagePage } from './usage-page';
