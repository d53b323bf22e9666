import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reportColumns } from '../../src/pages/report/report-list';
import { FieldValue } from '../../src/pages/resource/FieldValue';
import { durationText } from '../../src/lib/time';
import { PROJECT_CATALOGUE } from './project-reports';

const { byId } = PROJECT_CATALOGUE;

const t = (key: string | string[]) => (Array.isArray(key) ? key[0]! : key);
const formats = (id: string) => Object.fromEntries(reportColumns(byId(id)!, t, byId).map((c) => [c.key, c.format]));

describe('time in reports', () => {
  it('talk, ring and status time read as h:mm:ss, a call\'s ring (at most 60 s) too; only per-call averages stay seconds', () => {
    expect(formats('agentCallSynthesis')).toMatchObject({ talkSeconds: 'duration', ringSeconds: 'duration', aht: 'seconds' });
    expect(formats('seatStatus')).toMatchObject({ readySeconds: 'duration', onCallSeconds: 'duration', afterCallSeconds: 'duration', breakSeconds: 'duration' });
    expect(formats('booth')).toMatchObject({ loggedInSeconds: 'duration', busySeconds: 'duration' });
    expect(formats('seatStatusSynthesis')).toMatchObject({ seconds: 'duration' });
    // Spec section 5: a call's ring duration, at most 60; one duration format on the screen (0:00:34 beside a talk time of 0:01:22).
    const ring = reportColumns(byId('fullCallReport')!, t, byId).find((c) => c.key === 'ringSeconds')!;
    expect(ring).toMatchObject({ format: 'duration', cap: 60 });
    for (const id of ['fullCallReport', 'callInfosByCondition', 'callInfoDataByCondition', 'webChat']) {
      expect(reportColumns(byId(id)!, t, byId).filter((c) => c.format === 'seconds').map((c) => c.key), id).toEqual([]);
    }
  });

  it('hours go past 24, in a cell and in the totals row alike (both render the column through FieldValue)', () => {
    expect(durationText(177_839)).toBe('49:23:59');
    const talk = reportColumns(byId('agentCallSynthesis')!, t, byId).find((c) => c.key === 'talkSeconds')!;
    render(<FieldValue description={talk} value={177_839} />);
    expect(screen.getByText('49:23:59')).toBeTruthy();
  });
});
