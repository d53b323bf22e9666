/**
 * Which users get the chat listener (and so take chats: the hub assigns to every ready agent
 * connected to /ws/chat). Departments carry no chat flag yet, so the chat departments are a
 * build setting, VITE_CHAT_DEPARTMENTS (comma-separated ids, default "2", the seeded "online
 * chat"). Kept tiny: the shell imports it before the listener's chunk loads.
 */
const CHAT_DEPARTMENTS = new Set(
  String(import.meta.env.VITE_CHAT_DEPARTMENTS ?? '2').split(',').map((x) => Number(x.trim())).filter(Number.isInteger),
);

export function isChatAgent(user: { departId: number | null; userSeatNo: string; roles: readonly string[] }): boolean {
  return user.departId !== null && CHAT_DEPARTMENTS.has(user.departId) && user.userSeatNo !== '' && user.userSeatNo !== '0' && user.roles.includes('agent');
}
