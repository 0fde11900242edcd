/** docs/product/errors.md#resend-verification, word for word. */
export const RESEND_TEXT = {
  failureTitle: 'Error',
  failureMessage: 'Failed to resend verification email. Please try again.',
  successTitle: 'Verification Email Sent',
  successMessage: 'Please check your email for the verification link.',
  inlineSuccess: 'New verification email sent successfully!',
  dismiss: 'Continue Without Verification (Not Recommended)',
} as const;
