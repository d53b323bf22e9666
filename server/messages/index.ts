import auth from './auth.ts';
import common from './common.ts';
import lists from './lists.ts';
import menus from './menus.ts';
import reports from './reports.ts';
import callinfo from './callinfo.ts';
import exportMessages from './export.ts';
import chat from './chat.ts';
import phone from './phone.ts';
import seats from './seats.ts';
import simulator from './simulator.ts';
import files from './files.ts';
import transferTargets from './transfer-targets.ts';
import recordingLinks from './recording-links.ts';
import chatQuota from './chat-quota.ts';
import workOrders from './workorders.ts';
import personal from './personal.ts';
import quickReplies from './quick-replies.ts';
import notices from './notices.ts';
import wechat from './wechat.ts';

/**
 * The one zh/en message table of the server, in parts owned by the modules that speak them.
 * A key may appear in one part only (a unit test checks it, and that both languages are filled).
 */
export const MESSAGE_PARTS = { common, auth, lists, menus, callinfo, reports, export: exportMessages, phone, chat, seats, simulator, files, recordingLinks, transferTargets, chatQuota, workOrders, personal, quickReplies, wechat, notices } as const;
export const MESSAGES = { ...common, ...auth, ...lists, ...menus, ...callinfo, ...reports, ...exportMessages, ...phone, ...chat, ...seats, ...simulator, ...files, ...recordingLinks, ...transferTargets, ...chatQuota, ...workOrders, ...personal, ...quickReplies, ...wechat, ...notices } as const;
