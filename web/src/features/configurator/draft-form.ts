import type { UseFormReturnType } from '@mantine/form';
import type { Catalog } from '../catalog';
import type { ClusterDraft, DraftAction } from './draft';

/** The configurator's form: the whole draft, validated one step at a time. */
export type DraftForm = UseFormReturnType<ClusterDraft>;

export interface DraftEdit {
  before: ClusterDraft;
  after: ClusterDraft;
}

/** What every step receives. */
export interface StepProps {
  form: DraftForm;
  catalog: Catalog;
  /** Applies an edit under the catalogue's rules (draft.ts) and answers the draft before and after it. */
  dispatch: (action: DraftAction) => DraftEdit;
}
