/** The server's rules for a new ticket (tickets/schemas.ts), checked before sending. */
export interface TicketDraft {
  subject: string;
  description: string;
}

export type DraftErrors = Partial<Record<keyof TicketDraft, string>>;

export function draftErrors(draft: TicketDraft): DraftErrors {
  const errors: DraftErrors = {};
  const subject = draft.subject.trim();
  const description = draft.description.trim();
  if (subject.length < 3) errors.subject = 'Subject must be at least 3 characters.';
  else if (subject.length > 200) errors.subject = 'Subject must be at most 200 characters.';
  if (description.length < 10) errors.description = 'Describe the problem in at least 10 characters.';
  else if (description.length > 20_000) errors.description = 'Description must be at most 20000 characters.';
  return errors;
}

export function messageError(body: string): string | null {
  const text = body.trim();
  if (!text) return 'Write a message.';
  if (text.length > 20_000) return 'A message must be at most 20000 characters.';
  return null;
}
