import { SecretOnceModal } from '../../components/secret-once-modal';

/** A new token's secret, shown this once with a copy button. */
export function NewSecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <SecretOnceModal
      secret={secret}
      onClose={onClose}
      title="Copy your new token now"
      notice="This is the only time the token is shown. Store it in your secret manager; if you lose it, revoke it and create another."
      copyLabel="Copy token"
      testId="new-api-token"
    />
  );
}
