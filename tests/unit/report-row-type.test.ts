// @vitest-environment node
import { describe, expectTypeOf, it } from 'vitest';
import type { ReportRow } from '../../schemas/report-types';
import type callInfoByPhoneNo from '../../schemas/reports/call-info-by-phone-no';

/** Checked by the type checker (npm run typecheck) as much as by vitest: a row type follows its schema's columns. */
describe('ReportRow', () => {
  it("types a report's row from its columns' keys and formats", () => {
    expectTypeOf<ReportRow<typeof callInfoByPhoneNo>>().toEqualTypeOf<{
      callId: string; userSeatNo: string; phoneNo: string;
      callTime: string | null; answerTime: string | null; destroyTime: string | null;
      linkFlag: number | boolean | null; ringSeconds: number | null; callSeconds: number | null;
      direction: string; lineId: number | null; hangupCause: string; satisfaction: number | null; classification: string;
    }>();
  });
});
