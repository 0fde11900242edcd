import { z } from 'zod';
import { TOKEN_SCOPES, type TokenScope } from '../permissions';

/** The longest an API token lives: a year and a day. */
export const TOKEN_MAX_LIFETIME_DAYS = 366;

export const tokenScopeSchema = z.enum(TOKEN_SCOPES as [TokenScope, ...TokenScope[]], { error: `Scopes must be among: ${TOKEN_SCOPES.join(', ')}.` });

/** Creating a personal API token: the server's input and the form's check. */
export const createTokenInputSchema = z.object({
  name: z.string({ error: 'Name is required.' }).trim().min(1, 'Give the token a name, e.g. "CI deploys".').max(64, 'Name must be at most 64 characters.'),
  expiresInDays: z
    .number({ error: 'Expiry must be a number of days.' })
    .int('Expiry must be a whole number of days.')
    .min(1, 'A token must live at least 1 day.')
    .max(TOKEN_MAX_LIFETIME_DAYS, 'A token can live at most one year (366 days).'),
  scopes: z.array(tokenScopeSchema).min(1, 'Choose at least one scope.').max(TOKEN_SCOPES.length),
});

export type CreateTokenInput = z.output<typeof createTokenInputSchema>;
