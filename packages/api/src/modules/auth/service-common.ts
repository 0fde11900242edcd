

export interface MfaRequired {
  mfaRequired: true;
  mfaToken: string;
  tempUserId: string;
}

/** Staff without two-step verification: no session until they have enrolled. */
export interface MfaSetupRequired {
  mfaSetupRequired: true;
  mfaToken: string;
  tempUserId: string;
}

/** How long the MFA step stays closed after the 10th wrong code in 24 hours. */
export const MFA_LOCK_MS = 60 * 60_000;
