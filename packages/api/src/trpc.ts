import { roleCan, scopeFor, scopesAllow, STAFF_ROLES, type ApiErrorCode, type Permission, type TokenScope } from '@kubemarket/shared';
import { initTRPC, TRPCError } from '@trpc/server';
import type { Context, SessionUser } from './context';
import { publicErrorMessage } from './errors';
import { audit } from './platform/audit';
import { logError } from './platform/log';

/**
 * The contexts services take, defined once (issue 32): anyone signed in (staff procedures too),
 * and a member acting in their organisation (orgProcedure's context).
 */
export type SignedInContext = Context & { user: SessionUser };
export type MemberContext = Context & { user: SessionUser; organizationId: string };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How a procedure is exposed to scripts; the REST adapter and /api/openapi.json read it. */
export interface RestMeta {
  method: HttpMethod;
  /** The path (docs/product/calls.md), with `{name}` for path parameters: `/api/notifications/{id}/read`. */
  path: `/api/${string}`;
  summary: string;
  tags: [string, ...string[]];
  description?: string;
  /** Browser sessions only: an API token may never call it (e.g. minting tokens). */
  sessionOnly?: boolean;
  /** Served, but left out of /api/openapi.json (development helpers that answer 404 in production). */
  internal?: boolean;
  /**
   * A string field of the answer that is a YAML document (a kubeconfig): a request that accepts
   * application/yaml or text/yaml gets that field alone as the body, so `curl … > kubeconfig` works.
   */
  yamlField?: string;
  /**
   * The REST answer is one field of the result as the body, not JSON (an invoice's CSV or PDF):
   * `contentType` names it, `filenameField` (a string field) makes it an attachment, and `base64`
   * says the field holds bytes in base64, decoded before sending.
   */
  body?: {
    field: string;
    contentType: string;
    filenameField?: string;
    base64?: boolean;
    /**
     * A stored file (a ticket attachment): this string field of the answer is its content type,
     * and the filename is sent in RFC 6266's UTF-8 form (`filename*=UTF-8''…`) as well.
     */
    contentTypeField?: string;
  };
  /**
   * The REST request is multipart/form-data (an upload): its file parts become
   * `{ filename, contentType, bytes }` items of the input field `filesField`, its text parts the
   * other input fields. The body may then be up to `maxBytes` instead of the usual cap.
   */
  multipart?: { filesField: string; maxBytes: number };
  /**
   * The `kubemarket` CLI command that does the same (packages/cli), shown beside the curl and SDK
   * examples of /api-reference; published as `x-cli`.
   */
  cli?: `kubemarket ${string}`;
  /** 201 for an operation that creates a record (the REST answer's status; tRPC is unchanged). */
  successStatus?: 200 | 201;
  /**
   * Error codes the operation answers beyond those its kind implies (openapi.ts errorCodesOf):
   * `precondition_failed`, `bad_gateway`.
   */
  errors?: ApiErrorCode[];
}

export interface Meta {
  rest?: RestMeta;
  /**
   * What an API token needs to call this procedure. A signed-in procedure without a scope cannot
   * be called with a token at all; `orgProcedure` derives it from its permission.
   */
  scope?: TokenScope;
  /**
   * The platform roles a staff procedure admits (officerProcedure and its stricter kin set it):
   * everyone else, customers and API tokens included, is refused. Tests read it to find every
   * staff-only procedure.
   */
  staffRoles?: ReadonlyArray<SessionUser['role']>;
  /**
   * A mutation that writes neither the catalogue nor a session, user or organisation (a
   * notification, its read or trash flag): the isolate's caches stay. Every other mutation empties
   * them, and the session look-up after it costs the next call a database round trip (the
   * notification bench's publisher paid one on every publish, ADR 50). A cache kept by mistake is
   * out of date for SESSION_CACHE_TTL_MS at most, as every other isolate's already is (ADR 19).
   */
  keepsIsolateCaches?: true;
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // tRPC's default shape reads `error.stack` for every error when isDev (NODE_ENV is not
    // "production", as on Workers): the formatter below drops it anyway, so it is never computed.
    isDev: false,
    errorFormatter({ shape, error }) {
      // No stack in answers, whatever NODE_ENV says at run time: it names server files and lines.
      const { stack: _stack, ...data } = shape.data;
      return { ...shape, message: publicErrorMessage(error), data };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * Every refusal (403) is a security event: audited with who, what and why, whatever procedure
 * kind refused it.
 */
const auditedProcedure = t.procedure.use(async ({ ctx, path, type, meta, next }) => {
  const result = await next();
  // Any mutation may have edited the catalogue (staff catalogue edits are mutations) or a session
  // (a sign-out, a disabled account, a role change): the next read on this isolate loads it again.
  // Cheap, and no write can forget it.
  if (type === 'mutation' && !meta?.keepsIsolateCaches) {
    ctx.ports.catalogue.invalidate();
    ctx.ports.sessions.invalidate();
  }
  if (!result.ok && result.error.code === 'FORBIDDEN') {
    await audit(
      ctx.db,
      { actorUserId: ctx.user?.id ?? null, action: 'security.forbidden', ipAddress: ctx.request.ipAddress, metadata: { procedure: path, credential: ctx.credential?.kind ?? 'anonymous', reason: result.error.message } },
      ctx.ports.clock.now(),
    ).catch((error: unknown) => logError('Auditing a refusal failed', error));
  }
  return result;
});

export const publicProcedure = auditedProcedure;

const SIGN_IN = 'Please sign in to continue.';

/**
 * Signed in, by session or token. A token must carry the procedure's scope; procedures that do
 * not declare one (or are session-only) are closed to tokens.
 */
export const protectedProcedure = auditedProcedure.use(({ ctx, meta, next }) => {
  if (!ctx.user || !ctx.credential) throw new TRPCError({ code: 'UNAUTHORIZED', message: SIGN_IN });
  if (ctx.credential.kind === 'token') assertTokenMayCall(ctx.credential.scopes, meta);
  return next({ ctx: { ...ctx, user: ctx.user, credential: ctx.credential } });
});

function assertTokenMayCall(scopes: readonly TokenScope[], meta: Meta | undefined) {
  if (!meta?.scope || meta.rest?.sessionOnly) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'API tokens cannot be used for this operation. Sign in to the console instead.' });
  }
  if (!scopesAllow(scopes, meta.scope)) {
    throw new TRPCError({ code: 'FORBIDDEN', message: `This API token lacks the "${meta.scope}" scope.` });
  }
}

function requireRole(allowed: ReadonlyArray<SessionUser['role']>) {
  return protectedProcedure.meta({ staffRoles: allowed }).use(({ ctx, next }) => {
    if (!allowed.includes(ctx.user.role)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'You do not have permission to do this.' });
    }
    return next();
  });
}

/** Roles that may open the Officers Panel (the one definition: @kubemarket/shared). */
export { STAFF_ROLES };

export const officerProcedure = requireRole(STAFF_ROLES);
export const adminProcedure = requireRole(['admin', 'super_admin']);
export const superAdminProcedure = requireRole(['super_admin']);

/**
 * Organisation data: the caller's organisation role must grant `permission`, and a token must
 * carry the matching scope (`clusters:write` for `clusters:write`, `members:write` for
 * `members:manage`). Queries then scope every read and write to `ctx.organizationId`; an id of
 * another organisation matches nothing and is a 404.
 */
export function orgProcedure(permission: Permission) {
  return auditedProcedure
    .meta({ scope: scopeFor(permission) })
    .use(({ ctx, meta, next }) => {
      if (!ctx.user || !ctx.credential) throw new TRPCError({ code: 'UNAUTHORIZED', message: SIGN_IN });
      if (ctx.credential.kind === 'token') assertTokenMayCall(ctx.credential.scopes, { ...meta, scope: meta?.scope ?? scopeFor(permission) });
      if (!roleCan(ctx.user.organizationRole, permission)) {
        throw new TRPCError({ code: 'FORBIDDEN', message: `Your role in ${ctx.user.companyName ?? 'your organisation'} does not allow this (${permission}).` });
      }
      return next({ ctx: { ...ctx, user: ctx.user, credential: ctx.credential, organizationId: ctx.user.organizationId, permission } });
    });
}
