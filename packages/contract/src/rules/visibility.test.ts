import { describe, expect, it } from 'vitest';
import {
  evaluateVisibilityRule,
  type MalformedRule,
  parseVisibilityRule,
  VISIBILITY_RULE_MAX_LENGTH,
  VisibilityRules,
  type VisibilityScope,
} from './visibility.ts';

function holds(rule: string, scope: VisibilityScope): boolean {
  const parse = parseVisibilityRule(rule);
  if (!parse.ok) throw new Error(`${rule}: ${parse.error.message}`);
  return evaluateVisibilityRule(parse.rule, scope).value;
}

const router: VisibilityScope = {
  cap: { cellular: true, wifi: false, comPorts: 0, dualSim: 'true', wifiBands: [], pppoeBridge: 0 },
  form: { mode: 'ap', channel: '36', enable: 'enable' },
  config: { lan: { ip: '192.168.0.1', dhcp: { enable: true } } },
  status: { cellular: { sim1: { state: 'registered' } } },
};

describe('visibility rule language (core §2)', () => {
  it('reads capabilities bare or as cap., and the form, configuration and status by path', () => {
    expect(holds('cellular', router)).toBe(true);
    expect(holds('cap.cellular == true', router)).toBe(true);
    expect(holds('wifi', router)).toBe(false);
    expect(holds("form.mode == 'ap'", router)).toBe(true);
    expect(holds('config.lan.dhcp.enable', router)).toBe(true);
    expect(holds('config.lan.ip == "192.168.0.1"', router)).toBe(true);
    expect(holds("status.cellular.sim1.state != 'denied'", router)).toBe(true);
  });

  it('compares numbers as numbers and flags in the forms devices report them', () => {
    expect(holds('comPorts > 0', router)).toBe(false);
    expect(holds('comPorts < 1', router)).toBe(true);
    expect(holds('form.channel > 14', router)).toBe(true);
    expect(holds('form.channel == 36', router)).toBe(true);
    expect(holds('dualSim == true', router)).toBe(true);
    expect(holds('pppoeBridge == false', router)).toBe(true);
    expect(holds('form.enable == true', router)).toBe(true);
    // A string that is not a number is neither less nor more than one.
    expect(holds('form.mode > 1 || form.mode < 1', router)).toBe(false);
  });

  it('binds && (and the word AND) tighter than ||, and parentheses override', () => {
    // true || (false && false) = true; (true || false) && false = false
    expect(holds('cellular || wifi && comPorts > 0', router)).toBe(true);
    expect(holds('(cellular || wifi) && comPorts > 0', router)).toBe(false);
    expect(holds('cellular AND wifi || true', router)).toBe(true);
    expect(holds('cellular AND (wifi || false)', router)).toBe(false);
    expect(holds('cellular && cellular AND cellular', router)).toBe(true);
  });

  it('keeps unknown names false in every comparison, != included, and lists them', () => {
    const parse = parseVisibilityRule('lora != true || cap.nothing.deeper == 1 || status.x');
    expect(parse.ok).toBe(true);
    if (!parse.ok) return;
    expect(evaluateVisibilityRule(parse.rule, router)).toEqual({
      value: false,
      unknownNames: ['lora', 'cap.nothing.deeper', 'status.x'],
    });
    expect(holds('form.mode == form.missing', router)).toBe(false);
    expect(holds('cellular', {})).toBe(false);
  });

  it('does not read what an object inherits', () => {
    expect(holds('cap.constructor', router)).toBe(false);
    expect(holds('form.toString == 1', router)).toBe(false);
  });

  it('answers a malformed rule with its position, never throwing', () => {
    const cases: [string, number, RegExp][] = [
      ['', 0, /empty/],
      ['cellular &&', 11, /end of the rule/],
      ['(cellular', 9, /expected "\)"/],
      ['cellular == ', 12, /end of the rule/],
      ['a == 1 == 2', 7, /chained/],
      ["form.mode == 'ap", 13, /unterminated/],
      ['cellular # 1', 9, /unexpected character/],
      ['cellular wifi', 9, /unexpected "wifi"/],
      ['AND cellular', 0, /AND needs/],
      ['cap..wifi', 0, /not a name/],
      ['cellular ) ', 9, /unexpected "\)"/],
      [`${'('.repeat(40)}1${')'.repeat(40)}`, 32, /too deeply nested/],
      ['x'.repeat(VISIBILITY_RULE_MAX_LENGTH + 1), VISIBILITY_RULE_MAX_LENGTH, /too long/],
    ];
    for (const [rule, position, message] of cases) {
      const parse = parseVisibilityRule(rule);
      expect(parse.ok, rule).toBe(false);
      if (parse.ok) continue;
      expect(parse.error.position, rule).toBe(position);
      expect(parse.error.message, rule).toMatch(message);
    }
  });

  it('hides an item whose rule is malformed and reports each malformed text once', () => {
    const reported: MalformedRule[] = [];
    const rules = new VisibilityRules((malformed) => reported.push(malformed));
    expect(rules.holds(undefined, router)).toBe(true);
    expect(rules.holds('  ', router)).toBe(true);
    expect(rules.holds('cellular', router)).toBe(true);
    for (let render = 0; render < 3; render++) {
      expect(rules.holds('cellular &&', router)).toBe(false);
      expect(rules.holds('wifi ==', router)).toBe(false);
    }
    expect(reported).toEqual([
      {
        rule: 'cellular &&',
        position: 11,
        message: 'expected a name or a value but found the end of the rule',
      },
      { rule: 'wifi ==', position: 7, message: 'expected a name or a value but found the end of the rule' },
    ]);
  });
});
