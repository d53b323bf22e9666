/**
 * Quick replies in the reply box (issue 23 item 3), independent of the chat's channel: the
 * composer of a web or a WeChat chat alike finds the `/` being typed, matches captions, and
 * fills the chosen text's variables from the chat and the agent before inserting it.
 */
import quickReplies from '../../schemas/entities/quickReplies';

/** A quick reply as the list action answers it (the fields the composer uses). */
export interface QuickReply { id: number; caption: string; text: string; scope: 'personal' | 'shared' }

const { module, actions } = quickReplies['x-resource'];
/** The entity's list action, named by its schema file. */
export const QUICK_REPLY_LIST = `/api/${module}/${actions.list}`;

/**
 * The variables a quick reply's text may hold, each filled in when it is inserted:
 * {customerName} the chat's customer (its display name), {agentName} the agent answering,
 * {ticketNumber} the chat's number (its clientChatId, as the chat reports show it).
 */
export const QUICK_REPLY_VARIABLES = ['customerName', 'agentName', 'ticketNumber'] as const;
export type QuickReplyVariables = Record<(typeof QUICK_REPLY_VARIABLES)[number], string>;

/**
 * The `/` command at the end of the draft: a `/` at the start or after a space, then the part of
 * a caption typed so far (no space yet). undefined when the draft ends otherwise.
 */
export function slashQuery(draft: string): { query: string; start: number } | undefined {
  const m = /(^|\s)\/([^\s/]*)$/.exec(draft);
  if (!m) return undefined;
  return { query: m[2]!, start: m.index + m[1]!.length };
}

/**
 * The replies whose caption contains the query (case and width folded), captions that start
 * with it first, then the rest; each group in caption order.
 */
export function matchReplies<T extends Pick<QuickReply, 'caption'>>(replies: readonly T[], query: string): T[] {
  const fold = (s: string) => s.normalize('NFKC').toLowerCase();
  const q = fold(query);
  const rank = (r: T) => (fold(r.caption).startsWith(q) ? 0 : 1);
  return replies
    .filter((r) => fold(r.caption).includes(q))
    .sort((a, b) => rank(a) - rank(b) || a.caption.localeCompare(b.caption));
}

/** The text with each known {variable} replaced; an unknown one, or one without a value, stays as written. */
export function fillVariables(text: string, vars: Partial<QuickReplyVariables>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = (vars as Record<string, string | undefined>)[name];
    return (QUICK_REPLY_VARIABLES as readonly string[]).includes(name) && v ? v : whole;
  });
}

/** The draft with its `/` command replaced by the reply's filled text. */
export function insertReply(draft: string, reply: Pick<QuickReply, 'text'>, vars: Partial<QuickReplyVariables>): string {
  const at = slashQuery(draft);
  const filled = fillVariables(reply.text, vars);
  return at ? draft.slice(0, at.start) + filled : draft + filled;
}
