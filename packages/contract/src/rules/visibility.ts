/**
 * The visibility rule language of the remote configuration menus (core §2 "Remote device configuration
 * screens"): an expression with `==`, `!=`, `<`, `>`, `&&` / `||` (the word `AND` too) and parentheses
 * over the device's capability values, the form being edited, the stored configuration and the status
 * decides whether a menu item or a field is shown or enabled.
 *
 * Names: `cap.<name>` (or a bare name) reads a capability of the devcfg JSON, `form.<path>` the form,
 * `config.<path>` the configuration, `status.<path>` the status; a path goes down objects with dots.
 * Values: numbers, `true`/`false`, and strings in single or double quotes.
 *
 * A rule comes from data (a series' menu, a newer firmware's devcfg), so it must never take the page
 * down: `parseVisibilityRule` answers a malformed rule as an error with its position instead of
 * throwing, `evaluateVisibilityRule` cannot throw, and `VisibilityRules` hides an item whose rule is
 * malformed and reports each malformed text once (docs/decisions.md "Visibility rules").
 */

export type VisibilityValue = string | number | boolean | null | undefined;

export type VisibilityNode =
  | { kind: 'literal'; value: string | number | boolean }
  | { kind: 'name'; source: VisibilitySource; path: readonly string[]; text: string }
  | { kind: 'compare'; op: '==' | '!=' | '<' | '>'; left: VisibilityNode; right: VisibilityNode }
  | { kind: 'and' | 'or'; left: VisibilityNode; right: VisibilityNode };

export type VisibilitySource = 'cap' | 'form' | 'config' | 'status';

export type VisibilityParse =
  | { ok: true; rule: VisibilityNode }
  | { ok: false; error: { position: number; message: string } };

/** What a rule reads: the four sources of core §2. Missing sources read as empty. */
export interface VisibilityScope {
  cap?: Readonly<Record<string, unknown>>;
  form?: Readonly<Record<string, unknown>>;
  config?: Readonly<Record<string, unknown>>;
  status?: Readonly<Record<string, unknown>>;
}

export interface VisibilityResult {
  value: boolean;
  /** Names the scope does not hold (a typo, or a flag an older firmware does not report). */
  unknownNames: string[];
}

/** A rule longer than this is refused as malformed: menus carry short conditions, not programs. */
export const VISIBILITY_RULE_MAX_LENGTH = 500;
const MAX_DEPTH = 32;
const SOURCES: readonly VisibilitySource[] = ['cap', 'form', 'config', 'status'];

type Token =
  | { type: 'op'; value: '==' | '!=' | '<' | '>' | '&&' | '||' | '(' | ')'; at: number }
  | { type: 'number'; value: number; at: number }
  | { type: 'string'; value: string; at: number }
  | { type: 'word'; value: string; at: number }
  | { type: 'end'; at: number };

class RuleSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const two = text.slice(i, i + 2);
    if (two === '==' || two === '!=' || two === '&&' || two === '||') {
      tokens.push({ type: 'op', value: two, at: i });
      i += 2;
      continue;
    }
    if (c === '<' || c === '>' || c === '(' || c === ')') {
      tokens.push({ type: 'op', value: c, at: i });
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      const end = text.indexOf(c, i + 1);
      if (end < 0) throw new RuleSyntaxError('unterminated string', i);
      tokens.push({ type: 'string', value: text.slice(i + 1, end), at: i });
      i = end + 1;
      continue;
    }
    const number = /^-?\d+(\.\d+)?/.exec(text.slice(i));
    if (number) {
      tokens.push({ type: 'number', value: Number(number[0]), at: i });
      i += number[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(text.slice(i));
    if (word) {
      tokens.push({ type: 'word', value: word[0], at: i });
      i += word[0].length;
      continue;
    }
    throw new RuleSyntaxError(`unexpected character "${c}"`, i);
  }
  tokens.push({ type: 'end', at: text.length });
  return tokens;
}

/** Recursive descent: `||` binds loosest, then `&&`/`AND`, then one comparison. */
class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): VisibilityNode {
    const rule = this.or();
    const next = this.peek();
    if (next.type !== 'end') throw new RuleSyntaxError(`unexpected ${describe(next)}`, next.at);
    return rule;
  }

  private peek(): Token {
    return this.tokens[this.index] as Token;
  }

  private take(): Token {
    return this.tokens[this.index++] as Token;
  }

  private or(): VisibilityNode {
    let left = this.and();
    while (isOp(this.peek(), '||')) {
      this.take();
      left = { kind: 'or', left, right: this.and() };
    }
    return left;
  }

  private and(): VisibilityNode {
    let left = this.comparison();
    for (;;) {
      const next = this.peek();
      if (!isOp(next, '&&') && !(next.type === 'word' && next.value === 'AND')) return left;
      this.take();
      left = { kind: 'and', left, right: this.comparison() };
    }
  }

  private comparison(): VisibilityNode {
    const left = this.operand();
    const next = this.peek();
    if (
      next.type === 'op' &&
      (next.value === '==' || next.value === '!=' || next.value === '<' || next.value === '>')
    ) {
      this.take();
      const right = this.operand();
      const after = this.peek();
      if (after.type === 'op' && ['==', '!=', '<', '>'].includes(after.value)) {
        throw new RuleSyntaxError('comparisons cannot be chained: use && between them', after.at);
      }
      return { kind: 'compare', op: next.value, left, right };
    }
    return left;
  }

  private operand(): VisibilityNode {
    const token = this.take();
    if (token.type === 'op' && token.value === '(') {
      if (++this.depth > MAX_DEPTH) throw new RuleSyntaxError('too deeply nested', token.at);
      const inner = this.or();
      const close = this.take();
      if (!isOp(close, ')')) throw new RuleSyntaxError(`expected ")" but found ${describe(close)}`, close.at);
      this.depth--;
      return inner;
    }
    if (token.type === 'number' || token.type === 'string') return { kind: 'literal', value: token.value };
    if (token.type === 'word') {
      if (token.value === 'true' || token.value === 'false')
        return { kind: 'literal', value: token.value === 'true' };
      if (token.value === 'AND') throw new RuleSyntaxError('AND needs a condition before it', token.at);
      return nameNode(token.value, token.at);
    }
    throw new RuleSyntaxError(`expected a name or a value but found ${describe(token)}`, token.at);
  }
}

function nameNode(text: string, at: number): VisibilityNode {
  const parts = text.split('.');
  if (parts.some((part) => part === '')) throw new RuleSyntaxError(`"${text}" is not a name`, at);
  const [first, ...rest] = parts as [string, ...string[]];
  if ((SOURCES as readonly string[]).includes(first) && rest.length > 0) {
    return { kind: 'name', source: first as VisibilitySource, path: rest, text };
  }
  return { kind: 'name', source: 'cap', path: parts, text };
}

function isOp(token: Token, value: string): boolean {
  return token.type === 'op' && token.value === value;
}

function describe(token: Token): string {
  if (token.type === 'end') return 'the end of the rule';
  return `"${String(token.value)}"`;
}

export function parseVisibilityRule(text: string): VisibilityParse {
  if (text.length > VISIBILITY_RULE_MAX_LENGTH) {
    return { ok: false, error: { position: VISIBILITY_RULE_MAX_LENGTH, message: 'the rule is too long' } };
  }
  if (text.trim() === '') return { ok: false, error: { position: 0, message: 'the rule is empty' } };
  try {
    return { ok: true, rule: new Parser(tokenize(text)).parse() };
  } catch (error) {
    if (error instanceof RuleSyntaxError)
      return { ok: false, error: { position: error.position, message: error.message } };
    throw error;
  }
}

function lookUp(scope: VisibilityScope, node: Extract<VisibilityNode, { kind: 'name' }>): unknown {
  let value: unknown = scope[node.source];
  for (const part of node.path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

/** Devices report flags as booleans, "true"/"false", 1/0 or "enable"/"disable": all compare alike. */
function asBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true' || value === 'enable') return true;
  if (value === 0 || value === '0' || value === 'false' || value === 'disable') return false;
  return null;
}

function equal(left: unknown, right: unknown): boolean {
  if (left === undefined || right === undefined) return false;
  if (typeof left === 'boolean' || typeof right === 'boolean') {
    const a = asBoolean(left);
    return a !== null && a === asBoolean(right);
  }
  const a = asNumber(left);
  const b = asNumber(right);
  if (a !== null && b !== null) return a === b;
  return String(left) === String(right);
}

/** A name alone is a condition: true, a non-zero number or a non-empty string other than "false"/"0". */
function truthy(value: unknown): boolean {
  const flag = asBoolean(value);
  if (flag !== null) return flag;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'string') return value !== '';
  if (Array.isArray(value)) return value.length > 0;
  return value !== null && value !== undefined && typeof value === 'object';
}

/**
 * Evaluates a parsed rule. An unknown name makes every comparison with it false (`!=` included:
 * nothing is known to differ), so an item gated on a flag the device does not report stays hidden.
 */
export function evaluateVisibilityRule(rule: VisibilityNode, scope: VisibilityScope): VisibilityResult {
  const unknownNames: string[] = [];
  const value = (node: VisibilityNode): unknown => {
    if (node.kind === 'literal') return node.value;
    if (node.kind === 'name') {
      const found = lookUp(scope, node);
      if (found === undefined && !unknownNames.includes(node.text)) unknownNames.push(node.text);
      return found;
    }
    return test(node);
  };
  const test = (node: VisibilityNode): boolean => {
    switch (node.kind) {
      case 'literal':
      case 'name':
        return truthy(value(node));
      case 'and':
        return test(node.left) && test(node.right);
      case 'or':
        return test(node.left) || test(node.right);
      case 'compare': {
        const left = value(node.left);
        const right = value(node.right);
        if (left === undefined || right === undefined) return false;
        if (node.op === '==') return equal(left, right);
        if (node.op === '!=') return !equal(left, right);
        const a = asNumber(left);
        const b = asNumber(right);
        if (a === null || b === null) return false;
        return node.op === '<' ? a < b : a > b;
      }
    }
  };
  return { value: test(rule), unknownNames };
}

export interface MalformedRule {
  rule: string;
  position: number;
  message: string;
}

/**
 * Rules as a page uses them: each text parsed once, a malformed one answering false (the item hidden)
 * and handed to `report` once per text, whatever the number of items or renders that use it.
 */
export class VisibilityRules {
  private readonly parsed = new Map<string, VisibilityParse>();

  constructor(private readonly report: (malformed: MalformedRule) => void = () => {}) {}

  /** Whether `rule` holds over `scope`; no rule (undefined or empty) always holds. */
  holds(rule: string | undefined, scope: VisibilityScope): boolean {
    if (rule === undefined || rule.trim() === '') return true;
    let parse = this.parsed.get(rule);
    if (!parse) {
      parse = parseVisibilityRule(rule);
      this.parsed.set(rule, parse);
      if (!parse.ok) this.report({ rule, ...parse.error });
    }
    return parse.ok && evaluateVisibilityRule(parse.rule, scope).value;
  }
}
