/**
 * The simulated switch's calls: incoming calls, dial-outs (originate), holds, transfers, the
 * satisfaction survey, recordings and the phones' answer / hang-up buttons. No sockets here:
 * `emit` receives each event's headers (index.ts broadcasts them).
 */
import { randomUUID } from 'node:crypto';
import { DOMAIN, type Leg } from './legs.ts';
import { parseOriginate, type DialTarget } from './dialstring.ts';
import { LegCore, NoCallError } from './core.ts';

export { DEFAULT_TIMINGS, NoCallError, type ModelOptions, type SimTimings } from './core.ts';

/** FreeSWITCH's default originate timeout, when the dial string sets none. */
const DEFAULT_ORIGINATE_TIMEOUT_S = 60;
export const SURVEY_EXTENSION = '999999';

export class CallModel extends LegCore {
  private readonly quietPhones = new Set<string>();

  /** Dial-outs to this extension's phone are picked up by itself (default) or wait for answer(ext). */
  setAutoAnswer(extension: string, on: boolean): void {
    if (on) this.quietPhones.delete(extension);
    else this.quietPhones.add(extension);
  }

  /** An outside caller rings a seat's extension; returns the call uuid (the customer leg's). */
  incoming(opts: { extension: string; seat: string; phoneNo: string; ivr?: string }): string {
    const ivr: Record<string, string> = opts.ivr ? { cc_ivr: opts.ivr } : {};
    const customer = this.createLeg({
      kind: 'customer', direction: 'inbound', name: `sofia/external/${opts.phoneNo}@${DOMAIN}`,
      cidNum: opts.phoneNo, dest: opts.extension, vars: { ...ivr }, application: 'bridge', applicationData: `user/${opts.extension}`,
    });
    this.later(customer, this.timings.ringDelayMs, () => {
      this.ringPhone(customer, opts.extension, { cc_seat: opts.seat, cc_phone: opts.phoneNo, ...ivr });
    });
    // The caller gives up when nobody answers.
    this.later(customer, this.timings.ringTimeoutMs, () => {
      if (!customer.answeredMs) this.hangup(customer, 'NO_ANSWER');
    });
    return customer.uuid;
  }

  /** The phone of an extension picks up its ringing call. */
  answerPhone(extension: string): void {
    const leg = this.phoneLegs(extension).find((l) => l.state === 'ringing');
    if (!leg) throw new NoCallError(`no call is ringing at extension ${extension}`);
    this.answer(leg);
  }

  /** `uuid_answer`: a ringing leg is answered (the simulated desk phones honour it, as an auto-answer phone would). */
  answerLeg(uuid: string): boolean {
    const leg = this.legs.get(uuid);
    if (!leg || leg.state !== 'ringing') return false;
    this.answer(leg);
    return true;
  }

  /** The phone of an extension hangs up (a ringing call is rejected). */
  hangupPhone(extension: string): void {
    const legs = this.phoneLegs(extension);
    const leg = legs.find((l) => l.state !== 'ringing') ?? legs[0];
    if (!leg) throw new NoCallError(`no call at extension ${extension}`);
    this.hangup(leg, leg.answeredMs ? 'NORMAL_CLEARING' : 'CALL_REJECTED');
  }

  /** Live legs of a phone, newest first. */
  phoneLegs(extension: string): Leg[] {
    return [...this.legs.values()].filter((l) => l.extension === extension).reverse();
  }

  /** `originate <dial string> <app>`: resolves with the job's text once the first leg answers or fails. */
  async originate(args: string): Promise<string> {
    const { target, app } = parseOriginate(args);
    const uuid = target.vars.origination_uuid || randomUUID();
    if (this.legs.has(uuid)) return '-ERR DESTINATION_OUT_OF_ORDER\n';
    const bridgeTo = app.kind === 'bridge' ? app.target : undefined;
    // Every {var=value} of the dial string is a channel variable of the leg (variable_<name>), as on FreeSWITCH.
    const vars: Record<string, string> = { ...target.vars };
    if (target.extension) vars.dialed_user = target.extension;
    if (bridgeTo) vars.cc_phone ??= bridgeTo.number;
    const cid = target.vars.origination_caller_id_number || '0000000000';
    const timeoutS = Number(target.vars.originate_timeout) || DEFAULT_ORIGINATE_TIMEOUT_S;
    const agent = this.createLeg({
      uuid, kind: target.extension ? 'agent' : 'customer', direction: 'outbound', extension: target.extension,
      name: target.extension ? `sofia/internal/${target.extension}@${DOMAIN}` : target.endpoint,
      cidNum: cid, dest: target.number, vars,
      application: app.kind === 'app' ? app.name : app.kind === 'bridge' ? 'bridge' : '',
      applicationData: app.kind === 'app' ? app.data : bridgeTo ? bridgeTo.endpoint : '',
    });
    return new Promise<string>((resolve) => {
      agent.onHangup = (cause) => resolve(`-ERR ${cause}\n`);
      agent.onAnswer = () => {
        agent.onHangup = undefined;
        resolve(`+OK ${agent.uuid}\n`);
        // The job's answer goes out first; then the dialplan application runs, unless a
        // uuid_bridge took the leg in between (the bridge replaces what the leg was to run).
        this.later(agent, this.timings.bridgeDelayMs, () => {
          if (agent.peer) return;
          if (bridgeTo) this.dial(agent, bridgeTo, cid);
          // The dialplan runs the extension (the gateway maps a ringing extension to its seat itself).
          else if (app.kind === 'extension') this.sendTo(agent, app.extension);
          else if (app.kind === 'app' && app.name === 'three_way') this.joinThreeWay(agent, app.data);
        });
      };
      const picksUp = target.extension ? !this.quietPhones.has(target.extension) && this.timings.dialOutAnswerMs : this.timings.customerAnswerMs;
      if (picksUp) this.later(agent, picksUp, () => this.answer(agent));
      this.later(agent, timeoutS * 1000, () => {
        if (!agent.answeredMs) this.hangup(agent, 'NO_ANSWER');
      });
    });
  }

  kill(uuid: string, cause = 'NORMAL_CLEARING'): boolean {
    const leg = this.legs.get(uuid);
    if (!leg) return false;
    this.hangup(leg, cause);
    return true;
  }

  /** Hold puts the customer on hold (CHANNEL_HOLD / CHANNEL_UNHOLD on the customer leg), whichever leg is named. */
  hold(uuid: string, mode: 'on' | 'off' | 'toggle'): boolean {
    const leg = this.legs.get(uuid);
    if (!leg) return false;
    const peer = leg.peer ? this.legs.get(leg.peer) : undefined;
    const customer = leg.kind === 'customer' || !peer ? leg : peer;
    if (!customer.answeredMs) return false;
    const on = mode === 'toggle' ? customer.state !== 'held' : mode === 'on';
    if (on === (customer.state === 'held')) return false;
    customer.state = on ? 'held' : 'active';
    this.event(on ? 'CHANNEL_HOLD' : 'CHANNEL_UNHOLD', customer);
    return true;
  }

  /**
   * `uuid_transfer`: the named leg (`-bleg`: its peer; `-both`: both) leaves its bridge and
   * goes to dest, in FreeSWITCH's order: CHANNEL_UNBRIDGE; the dialplan runs dest on the moved
   * leg (999999 is the satisfaction survey; anything else bridges to `user/<dest>`, whose new
   * leg's CHANNEL_CREATE names the moved leg as Other-Leg-Unique-ID and variable_originator);
   * the leg left behind hangs up after its bridge ended. A bridge's b-leg gets its own uuid back
   * as call_uuid when the bridge ends (switch_ivr_bridge.c), so later events of a moved dial-out
   * customer carry that. Like a plain dialplan, nothing names the seats: no cc_seat, no
   * cc_transfer_from on the new leg (the gateway maps the dialled extension to its seat).
   */
  async transfer(uuid: string, which: 'leg' | 'bleg' | 'both', dest: string): Promise<boolean> {
    const leg = this.legs.get(uuid);
    if (!leg) return false;
    const peer = leg.peer ? this.legs.get(leg.peer) : undefined;
    const moving = which === 'leg' ? [leg] : which === 'bleg' ? [peer] : [leg, peer];
    if (moving.some((l) => !l)) return false;
    const behind: Leg[] = [];
    for (const moved of moving as Leg[]) {
      if (moved.state === 'down') continue;
      const left = moved.peer ? this.legs.get(moved.peer) : undefined;
      if (left) this.unbridge(moved, left);
      if (left && !moving.includes(left)) behind.push(left);
      this.sendTo(moved, dest);
    }
    for (const left of behind) this.hangup(left, left.answeredMs ? 'NORMAL_CLEARING' : 'ORIGINATOR_CANCEL');
    return true;
  }

  /** `uuid_record <uuid> start|stop <path>`: the audio is written when the recording ends. */
  record(uuid: string, action: 'start' | 'stop', path: string): boolean {
    const leg = this.legs.get(uuid);
    if (!leg) return false;
    if (action === 'start') {
      leg.record = { path, startMs: this.clock.now() };
      leg.vars.record_file_path = path;
    } else if (leg.record && (path === 'all' || path === leg.record.path)) {
      this.finishRecording(leg);
    } else return false;
    return true;
  }

  /** `uuid_bridge <a> <b>`: both legs answered and bridged; their previous partners hang up. */
  bridgeUuids(a: string, b: string): boolean {
    const one = this.legs.get(a);
    const two = this.legs.get(b);
    if (!one || !two || one === two) return false;
    // A leg in a three-way (three_way app) leaves it for the bridge.
    one.joins = undefined;
    two.joins = undefined;
    for (const leg of [one, two]) {
      const old = leg.peer ? this.legs.get(leg.peer) : undefined;
      leg.peer = undefined;
      if (old && old !== one && old !== two) {
        old.peer = undefined;
        this.hangup(old, 'NORMAL_CLEARING');
      }
      if (!leg.answeredMs) this.answer(leg, false);
    }
    this.bridge(one, two);
    return true;
  }

  /** A new agent leg rings an extension's phone for `source` (incoming call, transfer). */
  private ringPhone(source: Leg, extension: string, vars: Record<string, string>): Leg | undefined {
    if (source.state === 'down') return undefined;
    const agent = this.createLeg({
      kind: 'agent', direction: 'outbound', extension, name: `sofia/internal/${extension}@${DOMAIN}`,
      callUuid: source.callUuid, cidNum: source.cidNum, dest: extension, peer: source.uuid, ringingFor: source.uuid,
      vars: { dialed_user: extension, originator: source.uuid, originating_leg_uuid: source.uuid, ...vars }, application: '', applicationData: '',
    });
    source.peer = agent.uuid;
    agent.onAnswer = () => {
      if (!source.answeredMs) this.answer(source, false);
      this.bridge(source, agent);
    };
    if (this.timings.autoAnswerMs > 0) this.later(agent, this.timings.autoAnswerMs, () => this.answer(agent));
    this.later(agent, this.timings.ringTimeoutMs, () => {
      if (!agent.answeredMs) this.hangup(agent, 'NO_ANSWER');
    });
    return agent;
  }

  /** The second leg of a dial-out: the dialled number, answering by itself after a while. */
  private dial(agent: Leg, target: DialTarget, cid: string): void {
    if (agent.state === 'down') return;
    const customer = this.createLeg({
      kind: 'customer', direction: 'outbound', extension: target.extension, name: target.extension ? `sofia/internal/${target.extension}@${DOMAIN}` : target.endpoint,
      callUuid: agent.callUuid, cidNum: target.vars.origination_caller_id_number || cid, dest: target.number,
      peer: agent.uuid, ringingFor: agent.uuid, vars: { ...target.vars }, application: '', applicationData: '',
    });
    agent.peer = customer.uuid;
    customer.onAnswer = () => this.bridge(agent, customer);
    this.later(customer, this.timings.customerAnswerMs, () => this.answer(customer));
    this.later(customer, (Number(target.vars.originate_timeout) || DEFAULT_ORIGINATE_TIMEOUT_S) * 1000, () => {
      if (!customer.answeredMs) this.hangup(customer, 'NO_ANSWER');
    });
  }

  /**
   * `&three_way(<uuid>)`: the answered leg joins that leg's conversation (all hear each other;
   * no bridge, so no CHANNEL_BRIDGE) and leaves when that leg hangs up; with no such leg it hangs up.
   */
  private joinThreeWay(leg: Leg, uuid: string): void {
    const joined = this.legs.get(uuid.trim());
    if (!joined) return this.hangup(leg, 'NORMAL_CLEARING');
    leg.joins = joined.uuid;
  }

  /** A leg on its own goes to dest: the survey IVR, or a new agent leg ringing that extension (`bridge user/<dest>`). */
  private sendTo(leg: Leg, dest: string): void {
    leg.ringingFor = undefined;
    if (dest === SURVEY_EXTENSION) {
      if (!leg.answeredMs) this.answer(leg, false);
      leg.application = 'ivr';
      leg.applicationData = 'satisfaction';
      this.later(leg, this.timings.surveyMs, () => {
        leg.vars.cc_satisfaction = String(1 + Math.floor(this.random() * 5));
        this.hangup(leg, 'NORMAL_CLEARING');
      });
      return;
    }
    leg.application = 'bridge';
    leg.applicationData = `user/${dest}`;
    const vars: Record<string, string> = {};
    if (leg.vars.cc_ivr) vars.cc_ivr = leg.vars.cc_ivr;
    this.ringPhone(leg, dest, vars);
  }
}
