import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import multipart from '@fastify/multipart';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { bearerToken } from '../http/guard.ts';
import { linkSessions, loadUserNow } from '../auth/tokens.ts';
import { userOfToken } from '../http/token-session.ts';
import { anyUser, open, type SessionUser } from '../http/access.ts';
import { ApiError, badRequest, forbidden, notFound, ok, unauthorized } from '../http/envelope.ts';
import { languageOf, message, type Language } from '../http/language.ts';
import { compile, type Check } from '../http/validate.ts';
import { chatByToken, chatIdOf } from '../chat/store.ts';
import { LINK_QUERY_PROPERTIES, LinkSigner } from '../recordings/links.ts';
import { seesAllSeats } from '../../schemas/permissions.ts';
import type { UploadedFile } from '../../schemas/protocol/chat.ts';
import { fileEvent, orderReaderNow, orderTakesFile, reachesOrder } from '../workorders/files.ts';
import { FILE_KINDS, detectKind, disposition, safeName, type FileKindName } from './file-types.ts';
import { MULTIPART_OVERHEAD, mib, readOneFile } from './file-read.ts';
import { aboveDiskFloor, startChatFileSweeper, withinAnonBudget } from './file-budget.ts';
import type { FileLinksAnswer } from '../../schemas/signed-links.ts';

/** Where the chat finds a file: this + the upload's id (the content of image, file and sound messages). */
export const FILE_BASE = '/api/File/';

const ID_PATTERN = '^[A-Za-z0-9_-]{22}$';
const idCheck: Check<{ id: string }> = compile({
  type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'string', pattern: ID_PATTERN } },
});
const chatToken = { type: 'string', maxLength: 64 } as const;
// No `token`: a login token goes in the Authorization header only, never in a URL (refused, naming it).
// A file goes to a chat (chatId, or the visitor's own) or to a work order (workOrderId), never both.
const uploadQueryCheck: Check<{ chatId?: string; chatToken?: string; workOrderId?: string }> = compile({
  type: 'object', additionalProperties: false,
  properties: { chatId: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:@-]+$' }, chatToken, workOrderId: { type: 'string', pattern: '^[1-9][0-9]{0,14}$' } },
});
/** A download's query: the visitor's chat token, or a signed link (an <img> cannot send headers). */
const downloadQuerySchema = { type: 'object', additionalProperties: false, properties: { chatToken, ...LINK_QUERY_PROPERTIES } } as const;
const downloadQueryCheck: Check<FromSchema<typeof downloadQuerySchema>> = compile(downloadQuerySchema);

/** Most files one POST /api/File/links signs: a chat holds at most CHAT_UPLOAD_MAX_FILES (default 20). */
const MAX_LINKS = 100;
const linksBodySchema = {
  type: 'object', additionalProperties: false, required: ['ids'],
  properties: { ids: { type: 'array', minItems: 1, maxItems: MAX_LINKS, items: { type: 'string', pattern: ID_PATTERN } } },
} as const;
const linksBodyCheck: Check<FromSchema<typeof linksBodySchema>> = compile(linksBodySchema);

/** Who calls: a visitor (by its chat token), a logged-in user (by the login token), or a signed link's user (downloads only). */
type Party = { kind: 'visitor'; chat: number } | { kind: 'user'; user: SessionUser } | { kind: 'link'; userId: number };

/** Whose a file is: a chat's (and the seat it is served at) or a work order's. */
interface Owner { chat: number | null; seat: string; order: number | null; name: string; type: string; size: number }
const OWNER_SELECT = `SELECT u.id, u.chat_id AS chat, coalesce(ch.user_seat_no, '') AS seat, u.order_id AS "order",
         u.original_name AS name, u.content_type AS type, u.size
    FROM uploads u LEFT JOIN chats ch ON ch.id = u.chat_id`;

const kindOfType = (type: string) => (Object.keys(FILE_KINDS) as FileKindName[]).find((k) => FILE_KINDS[k].type === type);

/**
 * Chat files (issue 10 item 3). `POST /api/File/upload` (multipart, one part named `file`):
 * a visitor sends its chat token (header X-Chat-Token) and the file goes to its own chat; an
 * agent sends its login token and `?chatId=` of an open chat assigned to it. The answer's `url`
 * is what the chat message carries. `GET /api/File/<id>` serves the file to the chat's visitor
 * (X-Chat-Token or `?chatToken=`: an <img> cannot send headers), the agent the chat is assigned
 * to, and supervisors and administrators: with the login token in the Authorization header, or
 * through a signed link from `POST /api/File/links {ids}` (one per file and user, valid an hour:
 * LINK_KINDS.file; answered per file: `links` for those the caller may read, `refused` with the
 * reason for the others), checked against the same rule when signed and again, on the user as it is
 * then, at every download. A login token in the URL is
 * refused: it would leak through history, logs and copied links. Upload and download are declared
 * open because either kind of caller may come; each authenticates here before reading a byte.
 * One chat holds at most CHAT_UPLOAD_MAX_FILES files and CHAT_UPLOAD_MAX_BYTES bytes (withinQuota);
 * visitors' bytes per address and in all, the free-disk floor and closed chats' retention are
 * file-budget.ts's.
 * Work-order attachments take the same way (`?workOrderId=`, a logged-in user who reaches the
 * order; at most ORDER_UPLOAD_MAX_FILES per order) and are read by whoever reaches the order
 * (server/workorders/files.ts); each shows on the order's timeline.
 */
export default async function fileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const dir = path.join(ctx.config.dataDir, 'uploads');
  const max = ctx.config.uploadMaxBytes;
  const quota = ctx.config.chatUploads;
  const signer = new LinkSigner(ctx.secrets.jwtKey, 'file');
  const stopSweeper = startChatFileSweeper(db, dir, ctx.config.chatFileRetentionDays, ctx.clock, ctx.config.sweepIntervalMs, app.log);
  app.addHook('onClose', async () => stopSweeper());

  /**
   * Whether a link's user still reads the file, as the user is now: a link lives an hour, so a
   * transfer to another agent, a role taken away, a move to another department or a disabled
   * account ends it at once.
   */
  const linkUserReads = async (userId: number, file: Owner): Promise<boolean> => {
    if (file.order !== null) {
      const reader = await orderReaderNow(db, userId);
      return reader !== undefined && reachesOrder(db, reader, Number(file.order));
    }
    const user = await loadUserNow(db, userId);
    return user !== undefined && seesChatOf(user, file.seat);
  };
  /** A logged-in user reads a chat's files as its party, an order's as one who reaches the order. */
  const userMayRead = async (user: SessionUser, file: Owner): Promise<boolean> =>
    file.order !== null ? reachesOrder(db, user, Number(file.order)) : seesChatOf(user, file.seat);

  /** The caller; `linkOf` gives a signed link's user (downloads), checked only when no login token came. */
  const partyOf = async (req: FastifyRequest, lang: Language, linkOf?: () => Promise<number | undefined>): Promise<Party> => {
    const query = req.query as { chatToken?: unknown };
    const header = req.headers['x-chat-token'];
    const chatToken = typeof header === 'string' ? header : typeof query.chatToken === 'string' ? query.chatToken : undefined;
    if (chatToken !== undefined) {
      const chat = /^[A-Za-z0-9_-]{43}$/.test(chatToken) ? await chatByToken(db, chatToken) : null;
      if (chat === null) throw forbidden(message(lang, 'fileChatToken'));
      return { kind: 'visitor', chat };
    }
    const token = bearerToken(req.headers.authorization);
    const user = token ? await userOfToken(db, ctx.tokens, token) : undefined;
    if (user) return { kind: 'user', user };
    if (token) throw unauthorized();
    const linkUser = await linkOf?.();
    if (linkUser === undefined) throw unauthorized(message(lang, 'fileCredentials'));
    return { kind: 'link', userId: linkUser };
  };

  /** May this user see the files of a chat served at `seat`? Its assigned agent, supervisors and administrators. */
  const seesChatOf = (user: Pick<SessionUser, 'roles' | 'userSeatNo'>, seat: string) => seesAllSeats(user) || (user.userSeatNo !== '' && user.userSeatNo === seat);

  /** The open chat the caller may send a file to: the visitor's own, or an agent's assigned one. */
  const targetChat = async (party: Exclude<Party, { kind: 'link' }>, chatId: string | undefined, lang: Language): Promise<{ id: number; seat: string }> => {
    let row: { id: number; seat: string; state: string } | null;
    if (party.kind === 'visitor') {
      [row = null] = await db.query<{ id: number; seat: string; state: string }>(
        'SELECT id, user_seat_no AS seat, state FROM chats WHERE id = $1', [party.chat]);
      if (!row) throw forbidden(message(lang, 'fileChatToken'));
    } else {
      if (seesAllSeats(party.user)) throw forbidden(message(lang, 'fileSupervisorReadOnly'));
      if (!chatId) throw badRequest(message(lang, 'fileChatRequired'), { chatId: message(lang, 'fileChatRequired') });
      row = await chatIdOf(db, chatId);
      if (!row) throw notFound(message(lang, 'chatNotFound'));
      if (!party.user.userSeatNo || row.seat !== party.user.userSeatNo) throw forbidden(message(lang, 'fileChatNotYours'));
    }
    if (row.state !== 'on') throw new ApiError(409, message(lang, 'fileChatClosed'));
    return { id: row.id, seat: party.kind === 'user' ? party.user.userSeatNo : '' };
  };

  /**
   * Refuses a file the chat has no room for (CHAT_UPLOAD_MAX_FILES, CHAT_UPLOAD_MAX_BYTES). The
   * chat's row is locked while its files are counted and the new one added, so that uploads into
   * one chat, from any process, take turns and together never pass the quota.
   */
  const withinQuota = async (tx: Queryable, chatId: number, size: number, lang: Language): Promise<void> => {
    const [row] = await tx.query<{ state: string }>('SELECT state FROM chats WHERE id = $1 FOR UPDATE', [chatId]);
    if (row?.state !== 'on') throw new ApiError(409, message(lang, 'fileChatClosed'));
    const [held = { files: 0, bytes: 0 }] = await tx.query<{ files: number; bytes: number }>(
      'SELECT count(*) AS files, coalesce(sum(size), 0) AS bytes FROM uploads WHERE chat_id = $1', [chatId]);
    if (held.files >= quota.maxFiles) throw new ApiError(413, message(lang, 'chatUploadFilesFull', { max: quota.maxFiles }));
    if (held.bytes + size > quota.maxBytes) throw new ApiError(413, message(lang, 'chatUploadBytesFull', { max: mib(quota.maxBytes), used: mib(held.bytes) }));
  };

  /** Checks the file's bytes and stores them under a new id: `record` writes its row in the transaction, before the bytes are kept. */
  const store = async (req: FastifyRequest, lang: Language, record: (tx: Queryable, file: { id: string; name: string; type: string; size: number }) => Promise<void>): Promise<UploadedFile> => {
    await aboveDiskFloor(dir, ctx.config.uploadMinFreeBytes, lang);
    const { bytes, name } = await readOneFile(req, lang, max);
    const kindName = detectKind(bytes);
    if (!kindName) throw new ApiError(415, message(lang, 'fileType'));
    const kind = FILE_KINDS[kindName];
    const id = crypto.randomBytes(16).toString('base64url');
    const fileName = safeName(name, kindName);
    await fs.promises.mkdir(dir, { recursive: true });
    try {
      await db.transaction(async (tx) => {
        await record(tx, { id, name: fileName, type: kind.type, size: bytes.length });
        // Written before the commit: a row whose bytes could not be written is never seen.
        await fs.promises.writeFile(path.join(dir, id), bytes, { flag: 'wx' });
      });
    } catch (err) {
      await fs.promises.rm(path.join(dir, id), { force: true });
      throw err;
    }
    return { id, url: `${FILE_BASE}${id}`, contentType: kind.type, messageType: kind.message, name: fileName, size: bytes.length };
  };

  /**
   * A file attached to a work order (issue 21): by a logged-in user who reaches the order, at
   * most ORDER_UPLOAD_MAX_FILES per order; it shows on the order's timeline.
   */
  const toOrder = async (req: FastifyRequest, party: Exclude<Party, { kind: 'link' }>, orderId: number, chatId: string | undefined, lang: Language) => {
    if (party.kind !== 'user') throw forbidden(message(lang, 'fileOrderVisitor'));
    if (chatId !== undefined) throw badRequest(message(lang, 'fileOneTarget'), { workOrderId: message(lang, 'fileOneTarget') });
    const { user } = party;
    // Refused before the bytes are read when the order is outside reach; checked again, locked, with the count.
    if (!(await reachesOrder(db, user, orderId))) {
      const [exists] = await db.query('SELECT 1 FROM work_orders WHERE id = $1', [orderId]);
      throw exists ? forbidden(message(lang, 'woForbidden')) : notFound(message(lang, 'woNotFound'));
    }
    return store(req, lang, async (tx, file) => {
      await orderTakesFile(tx, user, orderId, ctx.config.orderUploadMaxFiles, lang);
      await tx.query(
        `INSERT INTO uploads (id, order_id, uploader_kind, user_seat_no, original_name, content_type, size) VALUES ($1, $2, 'agent', $3, $4, $5, $6)`,
        [file.id, orderId, user.userSeatNo, file.name, file.type, file.size]);
      await fileEvent(tx, user, orderId, file.id, file.name, ctx.clock.date());
    });
  };

  await app.register(async (scope) => {
    // Only these routes parse multipart: everywhere else it stays an unaccepted content type (415).
    await scope.register(multipart);

    scope.post('/api/File/upload', { config: { access: open }, bodyLimit: max + MULTIPART_OVERHEAD }, async (req) => {
      const lang = languageOf(req);
      const query = { ...(req.query as object) };
      uploadQueryCheck(query, lang);
      const party = await partyOf(req, lang);
      if (party.kind === 'link') throw unauthorized(message(lang, 'fileCredentials'));
      const { chatId, workOrderId } = query as { chatId?: string; workOrderId?: string };
      if (workOrderId !== undefined) return ok(await toOrder(req, party, Number(workOrderId), chatId, lang));
      const chat = await targetChat(party, chatId, lang);
      return ok(await store(req, lang, async (tx, file) => {
        await withinQuota(tx, chat.id, file.size, lang);
        // Visitors need no login: their bytes per address and in all are budgeted (file-budget.ts).
        const address = party.kind === 'visitor' ? req.ip : null;
        if (address !== null) await withinAnonBudget(tx, address, file.size, ctx.config.anonUploads, lang);
        await tx.query(
          `INSERT INTO uploads (id, chat_id, uploader_kind, user_seat_no, original_name, content_type, size, uploader_address) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [file.id, chat.id, party.kind === 'visitor' ? 'visitor' : 'agent', chat.seat, file.name, file.type, file.size, address],
        );
      }));
    });
  });

  app.post('/api/File/links', { config: { access: anyUser } }, async (req) => {
    const lang = languageOf(req);
    const body = req.body ?? {};
    linksBodyCheck(body, lang);
    const user = req.user!;
    const ids = [...new Set(body.ids)];
    const rows = await db.query<{ id: string } & Owner>(`${OWNER_SELECT} WHERE u.id = ANY($1::text[])`, [ids]);
    const ownerOf = new Map(rows.map((r) => [r.id, r]));
    // Per file: a link for each the caller may read, the reason for each other one (unknown, not
    // theirs), so one bad reference in a chat never hides its other files.
    const links: Record<string, string> = {};
    const refused: Record<string, string> = {};
    const now = Date.now();
    for (const id of ids) {
      const owner = ownerOf.get(id);
      if (!owner) refused[id] = message(lang, 'fileLinkUnknown', { id });
      else if (!(await userMayRead(user, owner))) refused[id] = message(lang, owner.order === null ? 'fileLinkNotParty' : 'fileLinkNotOrder', { id });
      else {
        links[id] = `${FILE_BASE}${id}?${signer.sign(id, user.userId, user.jti, now).query}`;
      }
    }
    // Every link signed in one request expires together.
    const answer: FileLinksAnswer = { links, refused, exp: Math.floor(now / 1000) + signer.ttlSeconds, ttlSeconds: signer.ttlSeconds };
    return ok(answer);
  });

  app.get('/api/File/:id', { config: { access: open } }, async (req, reply) => {
    const lang = languageOf(req);
    const params = req.params as { id: string };
    idCheck({ ...params }, lang);
    const query = { ...(req.query as object) };
    downloadQueryCheck(query, lang);
    const party = await partyOf(req, lang, () => signer.userOf(query, params.id, lang, (userId) => linkSessions(db, userId)));
    const [file] = await db.query<Owner>(
      `${OWNER_SELECT} WHERE u.id = $1`, [params.id]);
    if (!file) throw notFound(message(lang, 'fileNotFound'));
    const allowed = party.kind === 'visitor' ? file.chat !== null && party.chat === Number(file.chat)
      : party.kind === 'link' ? await linkUserReads(party.userId, file) : await userMayRead(party.user, file);
    if (!allowed) throw forbidden(message(lang, file.order === null ? 'fileNotParty' : 'woForbidden'));
    const kindName = kindOfType(file.type);
    const stat = kindName && (await fs.promises.stat(path.join(dir, params.id)).catch(() => null));
    if (!kindName || !stat?.isFile()) throw notFound(message(lang, 'fileGone'));
    // private: the answer depends on who asks; nosniff (also set globally) keeps the declared type binding.
    reply.header('content-type', FILE_KINDS[kindName].type)
      .header('content-length', stat.size)
      .header('content-disposition', disposition(file.name, kindName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-security-policy', "default-src 'none'; sandbox");
    return reply.send(fs.createReadStream(path.join(dir, params.id)));
  });
}
