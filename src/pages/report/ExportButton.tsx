import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { parseTableParams } from '@refinedev/core';
import { App, Button, Dropdown, Space } from 'antd';
import { CloseOutlined, DownloadOutlined } from '@ant-design/icons';
import type { ReportView } from '../../../schemas/report-view';
import { conditionsFromFilters, sortFromSorters } from '../../../data-providers/condition-body';
import { typedConditions } from '../../../schemas/entity';
import { tokenStore } from '../../lib/token';
import { csvRowCounter, percentOf, xlsxRowCounter } from './export-progress';

/**
 * The report page's Export button: posts the conditions the table shows (the filters and sort
 * in the page's URL, as the list sends them, without paging: the export holds every row) to
 * POST api/export/<module>/<action>?format=xlsx|csv, shows the share of the rows received while
 * the server streams the file (its size is not known before the end, its row count is:
 * export-progress.ts counts the rows in the bytes) and the bytes, can cancel
 * (AbortController; the server then stops reading), and saves the file under the name the
 * server gives (Content-Disposition filename*). A refusal (too many rows, bad conditions)
 * shows the server's localised message.
 */

const apiBase = import.meta.env.VITE_API_BASE ?? '';

/** 1.2 MB, 340 KB: enough to see the download move. */
function size(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The name in `filename*=UTF-8''...` (RFC 5987), else `filename="..."`, else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {
      // A malformed name: the plain one below.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/** Hands a downloaded file to the browser's save: an <a download> on a blob URL, released after the click. */
function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ExportButton({ report }: { report: ReportView }) {
  const { t, i18n } = useTranslation();
  const { search } = useLocation();
  const { message } = App.useApp();
  const [received, setReceived] = useState<number | undefined>();
  const [percent, setPercent] = useState<number | undefined>();
  const abort = useRef<AbortController | undefined>(undefined);
  // Leaving the page ends a download under way instead of letting it run unseen.
  useEffect(() => () => abort.current?.abort(), []);

  async function run(format: 'xlsx' | 'csv') {
    const { parsedFilters, parsedSorter } = parseTableParams(search);
    // The URL holds text: a numeric condition (a minimum of seconds) goes typed, as the list sends it.
    const body = { ...typedConditions(report.conditions.properties, conditionsFromFilters(parsedFilters)), ...sortFromSorters(parsedSorter) };
    const controller = new AbortController();
    abort.current = controller;
    setReceived(0);
    try {
      const token = tokenStore.get();
      const res = await fetch(`${apiBase}/api/export/${report.endpoint.module}/${report.endpoint.action}?format=${format}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'accept-language': i18n.language === 'en' ? 'en' : 'zh-CN',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      if (!res.ok || !res.body) {
        // Refusals (bad conditions, too many rows, no access) come in the usual envelope.
        const envelope = (await res.json().catch(() => undefined)) as { msg?: string } | undefined;
        void message.error(envelope?.msg ?? t('reports.export.failed'));
        return;
      }
      const reader = res.body.getReader();
      const chunks: Uint8Array[] = [];
      // The rows the file holds (counted before it starts) against those seen in its bytes so far.
      const total = Number(res.headers.get('x-export-rows') ?? NaN);
      const type = res.headers.get('content-type') ?? 'application/octet-stream';
      const counter = type.startsWith('text/csv') ? csvRowCounter() : xlsxRowCounter();
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.length;
        counter.push(value);
        setReceived(bytes);
        setPercent(percentOf(counter.rows(), total));
      }
      save(new Blob(chunks as BlobPart[], { type }), fileNameOf(res.headers.get('content-disposition'), `${report.id}.${format}`));
    } catch (error) {
      if (controller.signal.aborted) void message.info(t('reports.export.cancelled'));
      else void message.error(error instanceof Error && error.message ? `${t('reports.export.failed')}: ${error.message}` : t('reports.export.failed'));
    } finally {
      if (abort.current === controller) abort.current = undefined;
      setReceived(undefined);
      setPercent(undefined);
    }
  }

  if (received !== undefined) {
    return (
      <Space data-testid="report-export-progress">
        <Button loading icon={<DownloadOutlined />}>
          {percent === undefined ? t('reports.export.received', { size: size(received) }) : t('reports.export.progress', { percent, size: size(received) })}
        </Button>
        <Button icon={<CloseOutlined />} onClick={() => abort.current?.abort()} data-testid="report-export-cancel">{t('reports.export.cancel')}</Button>
      </Space>
    );
  }
  return (
    <Dropdown.Button
      data-testid="report-export"
      icon={<DownloadOutlined />}
      onClick={() => void run('xlsx')}
      menu={{ items: [{ key: 'xlsx', label: t('reports.export.xlsx') }, { key: 'csv', label: t('reports.export.csv') }], onClick: ({ key }) => void run(key as 'xlsx' | 'csv') }}
    >
      {t('reports.export.export')}
    </Dropdown.Button>
  );
}
