import { PaperClipOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderEvent } from '../../schemas/workorders/wire';
import { useFileLink } from '../chat/file-links';

/** A size as people read it: 980 B, 12.3 KB, 4.5 MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

/**
 * A file on an order's timeline: its name as a download link and its size. The link is signed
 * for this user and this file (POST /api/File/links, as the chat's files): the server gives one
 * only to whoever reaches the order, and checks again at the download.
 */
export default function OrderFile({ event }: { event: OrderEvent }) {
  const { t } = useTranslation();
  const file = event.file ?? null;
  const url = useFileLink(file ? `/api/File/${file.id}` : '');
  if (!file) return <Typography.Text type="secondary" data-testid="order-file-gone"><PaperClipOutlined /> {event.body} ({t('workOrders.files.gone')})</Typography.Text>;
  return (
    <Space size={8} data-testid="order-file">
      <PaperClipOutlined />
      {url ? <Typography.Link href={url} download={file.name} data-testid="order-file-link">{file.name}</Typography.Link> : <Typography.Text>{file.name}</Typography.Text>}
      <Typography.Text type="secondary" data-testid="order-file-size">{fileSize(file.size)}</Typography.Text>
    </Space>
  );
}
