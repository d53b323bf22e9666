// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ownSeatOf, seesAllSeats, SEES_EVERY_SEAT } from '../../schemas/permissions';
import { ownSeat } from '../../schemas/reports/shared/call-info';

const filesUnder = (dir: string): string[] => readdirSync(dir, { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));

describe('who sees every seat is declared once, beside the roles', () => {
  it('administrators and supervisors see every seat, agents their own, a seatless agent nothing', () => {
    expect(seesAllSeats({ roles: ['admin'] })).toBe(true);
    expect(seesAllSeats({ roles: ['supervisor'] })).toBe(true);
    expect(seesAllSeats({ roles: ['agent'] })).toBe(false);
    expect(ownSeatOf({ roles: ['agent'], userSeatNo: '8101' })).toBe('8101');
    expect(ownSeatOf({ roles: ['agent'], userSeatNo: '' })).toBeNull();
    expect(ownSeatOf({ roles: ['supervisor'], userSeatNo: '8001' })).toBeUndefined();
  });

  it('the reports\' own-seat rule is the same policy', () => {
    expect(ownSeat('c.user_seat_no').unless).toBe(SEES_EVERY_SEAT);
  });

  it('the chat hub, the monitor and the files do not reach into each other for it, nor name roles', () => {
    const feature = ['server/chat', 'server/monitor', 'src/chat', 'src/phone', 'src/pages/monitor'].flatMap(filesUnder)
      .concat(['server/api/File.ts', 'server/api/User.ts', 'server/api/CallInfo.ts', 'server/api/callinfo-lookups.ts', 'server/api/recordings.ts',
        'server/api/user-lookups.ts', 'server/api/userManagement.ts']);
    for (const file of feature) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/roles\.includes\(|roles\.some\(|'admin', 'supervisor'/);
      if (file.startsWith('server/chat/')) expect(text, file).not.toMatch(/from '\.\.\/api\//);
    }
  });
});
