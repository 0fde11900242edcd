import {
  type Database,
} from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import type { BatchItem } from 'drizzle-orm/batch';
import type { z } from 'zod';
import { randomToken } from '../../platform/crypto';
import type {
  uploadedFile,
} from './schemas';
import { REOPEN_WINDOW_DAYS } from './schemas';

export const DAY_MS = 24 * 60 * 60_000;
export const REOPEN_WINDOW_MS = REOPEN_WINDOW_DAYS * DAY_MS;
export const PUBLIC_CONFIRM_TTL_MS = 48 * 60 * 60_000;

export type Statement = BatchItem<'sqlite'>;
export type UploadedFile = z.output<typeof uploadedFile>;

export async function runBatch(db: Database, statements: Statement[]) {
  await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
}

export const notFound = (what = 'Ticket') => new TRPCError({ code: 'NOT_FOUND', message: `${what} not found.` });
export const newTicketId = () => `tkt_${randomToken(15).toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 20)}`;
export const newMessageId = () => `tmsg_${randomToken(15).toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 20)}`;
export const newAttachmentId = () => `tatt_${randomToken(15).toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 20)}`;
