// The leftovers feature's door (API module `leftovers`, issue 34): what a deleted cluster was kept
// with, on /billing, and the choice of what to keep in the cluster's delete dialog.
export { KeepLeftoversChoice } from './keep-choice';
export { LeftoversSection } from './leftovers-section';
