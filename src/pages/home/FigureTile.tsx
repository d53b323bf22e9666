import { Card, Col, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { can } from '../../../schemas/access';
import type { HomeFigure } from '../../../schemas/home';
import { useSession } from '../../app/session';
import { FieldValue } from '../resource/FieldValue';
import { drillUrl } from '../report/report-list';
import type { Catalogue } from '../report/catalogue';

/** One figure: its title and value, the whole tile opening `link` (the report or list the figure comes from) when there is one. */
export function Tile({ id, title, value, link, hint }: { id: string; title: ReactNode; value: ReactNode; link?: string; hint?: string }) {
  const navigate = useNavigate();
  return (
    <Card size="small" hoverable={Boolean(link)} onClick={link ? () => void navigate(link) : undefined} title={undefined} data-testid={`home-figure-${id}`} {...(link ? { 'data-link': link } : {})}>
      <Statistic title={<span title={hint}>{title}</span>} valueRender={() => <span data-testid={`home-value-${id}`}>{value}</span>} />
    </Card>
  );
}

/** Tiles in a row that wraps: four a row at 1440 px, two on a phone. */
export function Tiles({ children }: { children: ReactNode[] }) {
  return (
    <Row gutter={[12, 12]}>
      {children.map((child, i) => (
        <Col key={i} xs={12} md={8} xl={6}>
          {child}
        </Col>
      ))}
    </Row>
  );
}

/**
 * The report screen a figure comes from, opened with the conditions it was counted under (today
 * and the figure's own): undefined when the caller may not open that report (an agent's time per
 * status comes from a supervisors' report, counted on the agent's own seat).
 */
export function useFigureLink(catalogue: Catalogue | undefined): (report: string, conditions: Record<string, unknown>) => string | undefined {
  const roles = useSession((s) => s.roles);
  const ability = useSession((s) => s.ability);
  return (report, conditions) => {
    const view = catalogue?.byId(report);
    if (!view || !can({ roles, ability }, view.access)) return undefined;
    const consts = Object.fromEntries(Object.entries(conditions).map(([k, v]) => [k, { const: v as string | number | boolean }]));
    return drillUrl({ report, conditions: consts }, {}, {}, catalogue!.byId);
  };
}

/** A figure of the home's answer as a tile, formatted as its report shows it. */
export function FigureTile({ figure, title, link, hint }: { figure: HomeFigure; title: string; link?: string; hint?: string }) {
  return <Tile id={figure.key} title={title} value={<FieldValue description={{ format: figure.format }} value={figure.value} />} {...(link ? { link } : {})} {...(hint ? { hint } : {})} />;
}
