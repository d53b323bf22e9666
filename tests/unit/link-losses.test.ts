// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LinkLosses } from '../../server/telephony/gateway/link-losses.ts';

/**
 * The times the gateway's rebuilds settle with (settleEnded's `from` and `to`) across losses of
 * the switch link, rebuilds that fail, succeed or are overtaken, given as plain Dates.
 */
const at = (hms: string) => new Date(`2026-12-07T${hms}Z`);

/** A link that was up, then lost at `lost` and ready again. */
function lostOnce(lost: Date): LinkLosses {
  const losses = new LinkLosses();
  losses.ready();
  losses.left(lost);
  losses.ready();
  return losses;
}

describe('link losses', () => {
  it('counts each ready moment', () => {
    const losses = new LinkLosses();
    expect(losses.readyCount).toBe(0);
    expect(losses.ready()).toBe(1);
    losses.left(at('10:00:00'));
    expect(losses.ready()).toBe(2);
    expect(losses.readyCount).toBe(2);
  });

  it("settles the process's first rebuild from and to its asking", () => {
    const losses = new LinkLosses();
    // The reconnect's steps before the link was ever ready are no loss.
    losses.left(at('09:59:00'));
    losses.ready();
    expect(losses.window(at('10:00:05'))).toEqual({ from: at('10:00:05'), to: at('10:00:05') });
  });

  it('settles a first loss from and to the moment the link left ready', () => {
    const losses = new LinkLosses();
    losses.ready();
    losses.left(at('10:00:00'));
    // The steps of the reconnect after it are not losses of their own.
    losses.left(at('10:00:02'));
    losses.ready();
    expect(losses.window(at('10:00:05'))).toEqual({ from: at('10:00:00'), to: at('10:00:00') });
  });

  it('settles a second loss during a rebuild from the first loss to the last', () => {
    const losses = lostOnce(at('10:00:00'));
    // Lost again before the first ready moment's rebuild settled anything.
    losses.left(at('10:00:10'));
    losses.ready();
    expect(losses.window(at('10:00:15'))).toEqual({ from: at('10:00:00'), to: at('10:00:10') });
  });

  it('settles after an overtaken rebuild from the loss that overtook it', () => {
    const losses = lostOnce(at('10:00:00'));
    const asked = at('10:00:05');
    expect(losses.window(asked)).toEqual({ from: at('10:00:00'), to: at('10:00:00') });
    losses.left(at('10:00:07'));
    losses.overtaken(asked);
    losses.ready();
    expect(losses.window(at('10:00:20'))).toEqual({ from: at('10:00:07'), to: at('10:00:07') });
  });

  it('settles after a rebuild overtaken by a loss before its asking from the asking', () => {
    const losses = lostOnce(at('10:00:00'));
    // Lost and ready again while the rebuild waited behind the events before it.
    losses.left(at('10:00:03'));
    losses.ready();
    const asked = at('10:00:05');
    expect(losses.window(asked)).toEqual({ from: at('10:00:00'), to: at('10:00:03') });
    losses.overtaken(asked);
    expect(losses.window(at('10:00:20'))).toEqual({ from: at('10:00:05'), to: at('10:00:05') });
  });

  it('keeps the from of a rebuild that failed for the next try', () => {
    const losses = new LinkLosses();
    losses.ready();
    // A rebuild on a link still up (a missed event): no loss, so from its asking.
    const { from } = losses.window(at('10:00:05'));
    expect(from).toEqual(at('10:00:05'));
    losses.failed(from);
    expect(losses.window(at('10:00:06'))).toEqual({ from: at('10:00:05'), to: at('10:00:05') });
  });

  it('keeps the first loss of a failed rebuild when the link is lost again', () => {
    const losses = lostOnce(at('10:00:00'));
    const { from } = losses.window(at('10:00:05'));
    losses.left(at('10:00:08'));
    losses.failed(from);
    losses.ready();
    expect(losses.window(at('10:00:12'))).toEqual({ from: at('10:00:00'), to: at('10:00:08') });
  });

  it('clears the losses once a rebuild settled them', () => {
    const losses = lostOnce(at('10:00:00'));
    expect(losses.window(at('10:00:05'))).toEqual({ from: at('10:00:00'), to: at('10:00:00') });
    losses.settled();
    expect(losses.window(at('10:05:00'))).toEqual({ from: at('10:05:00'), to: at('10:05:00') });
    // The next loss starts anew.
    losses.left(at('10:06:00'));
    losses.ready();
    expect(losses.window(at('10:06:05'))).toEqual({ from: at('10:06:00'), to: at('10:06:00') });
  });
});
