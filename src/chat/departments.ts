import { seesAllSeats } from '../../schemas/permissions';

/**
 * Which users get the chat listener (and so take chats): agents with a seat whose department
 * has the chat flag (the session's `chat`, departments.chat on the server, which the hub
 * checks too: it refuses /ws/chat to anyone else but supervisors and administrators). Kept
 * tiny: the shell imports it before the listener's chunk loads. Whoever sees every seat reads
 * chats as a supervisor instead (the server's split, schemas/permissions.ts).
 */
export function isChatAgent(user: { chat: boolean; userSeatNo: string; roles: readonly string[] }): boolean {
  return user.chat && user.userSeatNo !== '' && user.userSeatNo !== '0' && !seesAllSeats(user);
}

/** Who may open the inbox: chat agents, and supervisors and administrators, who read every chat (the hub refuses anyone else). */
export function readsChats(user: { chat: boolean; userSeatNo: string; roles: readonly string[] }): boolean {
  return isChatAgent(user) || seesAllSeats(user);
}
