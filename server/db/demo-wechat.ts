import type { Queryable } from './types.ts';

/**
 * The demo's WeChat Official Account (issue 23): in safe mode, served by the built-in fake
 * platform (WECHAT_API_BASE unset), so a demo user sends as a WeChat customer from the simulator
 * screen. Demo values, like the demo passwords: change them before using a real account.
 */
export const DEMO_WECHAT_ACCOUNT = {
  name: '演示公众号 Demo account',
  appId: 'wxdemo0000000001',
  appSecret: 'demo-app-secret-0001',
  token: 'demotoken2026',
  aesKey: 'DemoEncodingAesKeyForTheFakePlatform0123456',
} as const;

/** Quick replies of the demo (issue 23 item 3): shared by the online-chat department, and chat1's own; in Chinese and English. */
export const DEMO_QUICK_REPLIES = [
  { scope: 'shared', caption: '问候', text: '您好 {customerName}，我是客服 {agentName}，很高兴为您服务。' },
  { scope: 'shared', caption: 'greeting', text: 'Hello {customerName}, this is {agentName}. How can I help you?' },
  { scope: 'shared', caption: '结束语', text: '感谢您的咨询，祝您生活愉快！' },
  { scope: 'shared', caption: 'closing', text: 'Thank you for contacting us. Have a nice day!' },
  { scope: 'shared', caption: '工单号', text: '您的问题已登记，工单号 {ticketNumber}，我们会尽快处理。' },
  { scope: 'personal', caption: '稍等', text: '请稍等，我帮您查询一下。' },
  { scope: 'personal', caption: 'hold on', text: 'One moment please, I am checking that for you.' },
] as const;

/** The department whose agents share the demo's quick replies (online chat), and the agent who owns the personal ones. */
const CHAT_DEPARTMENT = 2;
const PERSONAL_OWNER = 'chat1';

export async function seedWechatDemo(tx: Queryable): Promise<void> {
  const a = DEMO_WECHAT_ACCOUNT;
  await tx.query('INSERT INTO wx_accounts (name, app_id, app_secret, token, aes_key) VALUES ($1, $2, $3, $4, $5)', [a.name, a.appId, a.appSecret, a.token, a.aesKey]);
  for (const r of DEMO_QUICK_REPLIES) {
    // Shared ones belong to the department (owned by the administrator who wrote them); personal ones to chat1.
    await tx.query(
      `INSERT INTO quick_replies (caption, text, scope, owner_id, depart_id)
       SELECT $1, $2, $3, u.id, $4 FROM users u WHERE u.user_name = $5`,
      [r.caption, r.text, r.scope, r.scope === 'shared' ? CHAT_DEPARTMENT : null, r.scope === 'shared' ? 'admin' : PERSONAL_OWNER]);
  }
}
