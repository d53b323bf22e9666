// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isChatAgent } from '../../schemas/permissions';
import type { SessionUserWire } from '../../schemas/session-user';
import { ADMIN_INFO } from './support/fixtures';

/** Who gets the chat button and listener: the session's department chat flag, not a list of department ids. */
describe('isChatAgent', () => {
  const agent: SessionUserWire = { ...ADMIN_INFO, roles: ['agent'], userSeatNo: '8201' };
  const chatAgent = (user: Partial<SessionUserWire>) => isChatAgent({ ...agent, ...user });

  it('is true for an agent with a seat whose department takes chats, whatever its id', () => {
    for (const departId of [1, 2, 17, null]) expect(chatAgent({ departId, chat: true })).toBe(true);
  });

  it('is false when the department does not take chats, the seeded online-chat department 2 included', () => {
    expect(chatAgent({ departId: 2, chat: false })).toBe(false);
  });

  it('is false without a seat or without the agent role (supervisors read chats in the inbox, they take none)', () => {
    expect(chatAgent({ chat: true, userSeatNo: '' })).toBe(false);
    expect(chatAgent({ chat: true, userSeatNo: '0' })).toBe(false);
    expect(chatAgent({ chat: true, roles: ['supervisor'] })).toBe(false);
  });
});
