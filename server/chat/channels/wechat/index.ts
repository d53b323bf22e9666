import path from 'node:path';
import type { AppContext } from '../../../context.ts';
import { WechatApi } from './platform.ts';
import type { FakeWechatPlatform } from './fake-platform.ts';
import { deliver, refusalOf } from './outbound.ts';
import { takePush, type InboundDeps } from './inbound.ts';
import type { WxAccount } from './platform.ts';
import type { Push } from './inbound.ts';

/**
 * The WeChat channel of one server instance: its platform client, the built-in fake platform when
 * WECHAT_API_BASE is unset, and the work it started after answering a push (awaited at close).
 * The hub knows nothing of it: the agent socket asks `outbound` before and after storing a message.
 */
export interface WechatChannel {
  api: WechatApi;
  fake: FakeWechatPlatform | null;
  /** Whether this message may go to the chat now (web chats: always); a message key when not. */
  refusal(chatRowId: number, contentType: string): ReturnType<typeof refusalOf>;
  /** Sends a stored agent message of a WeChat chat to its customer (web chats: nothing). */
  deliver(chatRowId: number, seq: number): ReturnType<typeof deliver>;
  /** Takes a verified push, after the platform got its answer. */
  take(account: WxAccount, push: Push): void;
  /** Resolves when every push taken so far is stored (or failed). */
  settled(): Promise<void>;
}

const CHANNELS = new WeakMap<AppContext, WechatChannel>();

export function wechatOf(ctx: AppContext, log: (err: unknown, what: string) => void = () => {}): WechatChannel {
  const known = CHANNELS.get(ctx);
  if (known) return known;
  const uploadsDir = path.join(ctx.config.dataDir, 'uploads');
  const channel: WechatChannel = {
    api: new WechatApi(ctx.db, () => ctx.config.wechat.apiBase ?? channel.fake?.url ?? ''),
    fake: null,
    refusal: (id, type) => refusalOf(ctx.db, ctx.clock, id, type),
    deliver: (id, seq) => deliver({ db: ctx.db, api: channel.api, uploadsDir, log }, id, seq, ctx.clock.date()),
    take(account, push) {
      const d: InboundDeps = { db: ctx.db, clock: ctx.clock, api: channel.api, uploadsDir, maxBytes: ctx.config.uploadMaxBytes, log };
      const run = takePush(d, account, push).then(() => undefined, (err: unknown) => log(err, 'wechat push'));
      pending.add(run);
      void run.finally(() => pending.delete(run));
    },
    async settled() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
  const pending = new Set<Promise<void>>();
  CHANNELS.set(ctx, channel);
  return channel;
}
