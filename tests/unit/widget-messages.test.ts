// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SYSTEM_MESSAGES, visibleToVisitor } from '../../schemas/protocol/chat';
import { separatorText } from '../../src/widget/message-view';
import { TEST_NOW } from '../support/test-clock';

/** Local wall-clock text of a Date, as the widget prints it. */
const hhmm = (d: Date) => `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
const at = (minutes: number) => new Date(TEST_NOW.getTime() + minutes * 60_000);

describe("the widget's time separators", () => {
  it('the first message gets one, with its day and time', () => {
    const first = at(0);
    const day = `${first.getFullYear()}-${String(first.getMonth() + 1).padStart(2, '0')}-${String(first.getDate()).padStart(2, '0')}`;
    expect(separatorText(undefined, first.toISOString())).toBe(`${day} ${hhmm(first)}`);
  });

  it('a message within 5 minutes of the one before gets none; one over 5 minutes later shows its time', () => {
    expect(separatorText(at(0).toISOString(), at(5).toISOString())).toBeNull();
    const later = at(0).toDateString() === at(6).toDateString() ? hhmm(at(6)) : expect.stringContaining(hhmm(at(6)));
    expect(separatorText(at(0).toISOString(), at(6).toISOString())).toEqual(later);
  });
});

describe('system messages the customer sees', () => {
  it('"new customer connected" is for the agents, in either language; other lines show', () => {
    expect(visibleToVisitor(SYSTEM_MESSAGES.newCustomer.zh)).toBe(false);
    expect(visibleToVisitor(SYSTEM_MESSAGES.newCustomer.en)).toBe(false);
    expect(visibleToVisitor('Not delivered to the WeChat customer: blocked')).toBe(true);
  });
});
