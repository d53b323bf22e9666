import { useParams } from 'react-router';
import ReportPage from './ReportPage';

/**
 * `/reports/<id>`: every report's screen, menu entry or not, so a drill-down reaches a target
 * report that no menu places (its data still answers only to the report's access rule).
 */
export default function ReportRoute() {
  const { id = '' } = useParams();
  return <ReportPage id={id} />;
}
