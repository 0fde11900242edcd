export { BillingCycleControl, BillingCycleSwitch, CurrencyControl, PriceControls, ThemeControl } from './preference-controls';
export { PreferencesProvider, usePreferences } from './preferences-context';
export { PreferencesSection } from './preferences-section';
export { themeColorSchemeManager } from './theme-color-scheme-manager';
