export { SettingsPage } from './settings-page';
export { SETTINGS_TABS, type SettingsTab } from './settings-tabs';
