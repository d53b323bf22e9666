import type { FromSchema } from 'json-schema-to-ts';
import type { notifyPrefsSchema } from '../../schemas/personal';
import { http } from './providers';
import { useSession } from './session';

export type NotifyPrefs = FromSchema<typeof notifyPrefsSchema>;

/**
 * Saves a change of the user's notification choices (chat chime, desktop notifications). They
 * are kept on the server with the user (userManagement/saveNotifyPrefs) and come with the user
 * info, so they follow the user to any browser; the session holds them once the server has them.
 */
export async function saveNotifyPrefs(change: Partial<NotifyPrefs>): Promise<NotifyPrefs> {
  const { notifySound, notifyDesktop } = useSession.getState();
  const { data } = await http.post<NotifyPrefs>('/api/userManagement/saveNotifyPrefs', { notifySound, notifyDesktop, ...change });
  useSession.setState(data);
  return data;
}
