import { Alert, Card, Col, Descriptions, Row, Skeleton, Space, Typography } from 'antd';
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { HOME_FIGURES, HOME_HOURLY, HOME_REFRESH_MS, panelOf, type HomeAnswer, type HomeFigure, type HomePanel } from '../../../schemas/home';
import { displayName, useSession } from '../../app/session';
import { greetingKey } from '../../lib/time';
import { usePageTitle } from '../../shell/use-page-title';
import { optionLabel, useOptions } from '../resource/use-options';
import { FieldValue } from '../resource/FieldValue';
import { useReportCatalogue } from '../report/catalogue-source';
import { LIST_PATH } from '../../workorders/list-path';
import { WorkOrderHomeFrame } from '../../workorders/WorkOrderHomeFrame';
import { orderApi } from '../../workorders/api';
import { FigureTile, Tile, Tiles, useFigureLink } from './FigureTile';
import { HealthCard } from './HealthCard';
import { HourChart } from './HourChart';
import { SeatsNow } from './SeatsNow';
import { homeApi, usePolled } from './home-api';

// A work-order department's queue, with its table, loads with the home of its staff; its frame
// (the figure cards, the tables' places) comes with the home, so nothing moves when it comes.
const WorkOrderHome = lazy(() => import('../../workorders/WorkOrderHome').then((m) => ({ default: m.WorkOrderHome })));

/** The groups of a panel's figures in the order they come, each a card. */
function groupsOf(figures: readonly HomeFigure[]): [string, HomeFigure[]][] {
  const groups = new Map<string, HomeFigure[]>();
  for (const f of figures) groups.set(f.group, [...(groups.get(f.group) ?? []), f]);
  return [...groups];
}

/** A value still to come: as tall as a figure's line, so that nothing moves when it arrives. */
const PendingValue = () => <Skeleton.Input active size="small" style={{ verticalAlign: 'middle' }} />;

/**
 * The figures of a panel before its answer comes: the same cards and tiles, values to come. The
 * page is laid out at once and does not shift when the numbers arrive (a phone's layout shift was
 * 0.229: the seat card and the footer, shown first, were pushed off the screen).
 */
const pendingFigures = (panel: HomePanel): HomeFigure[] =>
  HOME_FIGURES[panel].map((d) => ({ key: d.key, group: d.group, report: d.report, value: null, format: 'number', conditions: {} }));

/** A panel's figures, card by card, each tile opening the report it comes from with today's conditions (pending: values to come). */
function FigureGroups({ answer, pending, extra, titles }: { answer: Pick<HomeAnswer, 'figures'>; pending?: boolean; extra?: Record<string, ReactElement[]>; titles: Record<string, string> }) {
  const { t } = useTranslation();
  const { catalogue } = useReportCatalogue();
  const linkOf = useFigureLink(catalogue);
  return (
    <Row gutter={[16, 16]} aria-busy={pending || undefined}>
      {groupsOf(answer.figures).map(([group, figures]) => (
        <Col key={group} xs={24} xl={figures.length > 4 ? 24 : 12}>
          <Card size="small" title={titles[group] ?? t(`home.groups.${group}`)} data-testid={`home-group-${group}`} style={{ height: '100%' }}>
            <Tiles>
              {[
                ...figures.map((f) => {
                  if (pending) return <Tile key={f.key} id={f.key} title={t(`home.figures.${f.key}`)} value={<PendingValue />} />;
                  // The figure's report, or (for a reader who may not open it) the list of its entries.
                  const link = linkOf(f.report, f.conditions) ?? (f.list ? linkOf(f.list.report, f.list.conditions) : undefined);
                  return <FigureTile key={f.key} figure={f} title={t(`home.figures.${f.key}`)} {...(link ? { link, hint: t('home.openReport') } : {})} />;
                }),
                ...(extra?.[group] ?? []),
              ]}
            </Tiles>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** The user's seat, extension and department: every role's home ends with it, shown before any figure arrives. */
function SeatCard() {
  const { t } = useTranslation();
  const seatNo = useSession((state) => state.userSeatNo);
  const extension = useSession((state) => state.fjh);
  const departId = useSession((state) => state.departId);
  const empty = t('home.none');
  // The department by name; its id until the names arrive (or if the list is unavailable).
  const { options: departments } = useOptions('departments');
  const department = departId == null ? empty : optionLabel(departments, departId) ?? String(departId);
  return (
    <Card size="small" title={t('home.seatCard')} data-testid="seat-card" style={{ height: '100%' }}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'seat', label: t('home.seatNo'), children: seatNo || empty },
          { key: 'extension', label: t('home.extension'), children: extension || empty },
          { key: 'department', label: t('home.departId'), children: department },
        ]}
      />
    </Card>
  );
}

/** An agent's open work orders (the work-order list's "mine" overview, which the tile opens). */
function OpenOrders() {
  const { t } = useTranslation();
  const { data: counts } = usePolled(orderApi.counts, HOME_REFRESH_MS);
  return (
    <Card size="small" title={t('home.groups.workOrders')} data-testid="home-group-workOrders" style={{ height: '100%' }}>
      <Tiles>{[<Tile key="openOrders" id="openOrders" title={t('home.figures.openOrders')} value={counts ? counts.mine : '-'} link={`${LIST_PATH}?view=mine`} />]}</Tiles>
    </Card>
  );
}

/** An agent's own day: calls, time per status, chats served, each from its report on their seat (no answer yet: laid out, values to come). */
function AgentHome({ answer }: { answer: HomeAnswer | undefined }) {
  return answer ? <FigureGroups answer={answer} titles={{}} /> : <FigureGroups answer={{ figures: pendingFigures('agent') }} pending titles={{}} />;
}

/** The centre's day (supervisors and administrators): today's calls from the call synthesis, the longest chat wait, the seats now, the hourly chart; administrators also the system's health. */
function CentreHome({ answer, admin }: { answer: HomeAnswer | undefined; admin: boolean }) {
  const { t } = useTranslation();
  const { catalogue } = useReportCatalogue();
  const linkOf = useFigureLink(catalogue);
  const today = answer ? { startTime: answer.day, endTime: answer.day } : undefined;
  const chatLink = today && linkOf('webChat', today);
  const wait = answer?.longestChatWaitSeconds ?? null;
  const waitTile = (
    <Tile
      key="longestChatWait" id="longestChatWait" title={t('home.figures.longestChatWait')}
      value={!answer ? <PendingValue /> : wait === null ? t('home.noWait') : <FieldValue description={{ format: 'duration' }} value={wait} />}
      {...(chatLink ? { link: chatLink } : {})}
    />
  );
  const chartLink = today && linkOf(HOME_HOURLY.report, today);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {admin && <HealthCard catalogue={catalogue} />}
      <FigureGroups answer={answer ?? { figures: pendingFigures('centre') }} {...(answer ? {} : { pending: true })} titles={{ calls: t('home.groups.centreCalls') }} extra={{ calls: [waitTile] }} />
      <SeatsNow />
      {answer?.today && answer.lastWeek && <HourChart today={answer.today} lastWeek={answer.lastWeek} {...(chartLink ? { link: chartLink } : {})} />}
      {/* The chart's place, its title and height, until it comes. */}
      {!answer && <Card size="small" title={<Skeleton.Input active size="small" />}><div style={{ height: 260 }} /></Card>}
    </Space>
  );
}

/**
 * /index: the greeting by hour with the user's name, then the home of the user's role (issue 22):
 * an agent's own figures for today, or the centre's for supervisors and administrators (with the
 * system's health for administrators), each figure from its report (server/home) and opening it;
 * read again every HOME_REFRESH_MS, the seats live. A work-order department's staff also see
 * their queue and figures.
 */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  usePageTitle('menu.home');
  const [openedAt] = useState(() => new Date());
  const name = useSession((state) => displayName(state, i18n.language));
  const workOrders = useSession((state) => state.workOrders);
  const admin = useSession((state) => state.roles.includes('admin'));
  const { data: answer, error, at } = usePolled(homeApi.home, HOME_REFRESH_MS);
  // The server's panel once it answers; before, the same rule on the session's roles lays the page out.
  const roles = useSession((state) => state.roles);
  const panel = answer?.panel ?? panelOf({ roles });

  return (
    <>
      <Typography.Title level={3} data-testid="greeting" style={{ marginBottom: 4 }}>
        {t('home.welcome', { greeting: t(greetingKey(openedAt)), name })}
      </Typography.Title>
      {/* Its line is kept (blank) until the answer comes, so the page below it does not move down. */}
      <Typography.Paragraph type="secondary" data-testid="home-day">
        {answer ? t('home.today', { day: answer.day }) : '\u00a0'}
        {answer && at ? ` · ${t('home.refreshed', { time: at.toLocaleTimeString() })}` : ''}
      </Typography.Paragraph>
      {workOrders && (
        <div style={{ marginBottom: 16 }}>
          <Suspense fallback={<WorkOrderHomeFrame />}>
            <WorkOrderHome />
          </Suspense>
        </div>
      )}
      {error !== undefined && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={t('home.failed', { message: (error as Error).message })} />}
      {(answer || !error) && (panel === 'agent' ? <AgentHome answer={answer} /> : <CentreHome answer={answer} admin={admin} />)}
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {panel === 'agent' && (
          <Col xs={24} xl={12}>
            <OpenOrders />
          </Col>
        )}
        <Col xs={24} xl={12}>
          <SeatCard />
        </Col>
      </Row>
    </>
  );
}
