import { http } from '../../app/providers';
import type { NoticeItem } from '../../../schemas/notice-list';

export const NOTICE_LIST_PATH = '/api/notice/getList';
export const NOTICE_CLEAR_PATH = '/api/notice/clear';

export interface NoticeClient {
  list(): Promise<{ list: NoticeItem[]; total: number }>;
  /** Marks them read for this user on the server; answers the server's message ("messages cleared"). */
  clear(): Promise<string>;
}

export const noticeClient: NoticeClient = {
  list: async () => (await http.get<{ list: NoticeItem[]; total: number }>(NOTICE_LIST_PATH)).data,
  clear: async () => (await http.post(NOTICE_CLEAR_PATH, {})).msg ?? '',
};
