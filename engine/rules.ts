// json-logic rules over answers (jsonlogic.com).
import jsonLogic from 'json-logic-js';
import type { Answers, Rule } from './types';

/** Evaluates a rule with the answers as data; a missing answer reads as null. */
export function evaluate(rule: Rule, answers: Answers): unknown {
  // A prototype-free copy so `{"var": "constructor"}` cannot reach Object's members.
  const data: Record<string, unknown> = Object.create(null);
  for (const [name, value] of Object.entries(answers)) data[name] = value ?? null;
  return jsonLogic.apply(rule as Parameters<typeof jsonLogic.apply>[0], data);
}

/** json-logic truthiness (an empty list is false, unlike JavaScript). */
export function isTruthy(value: unknown): boolean {
  return jsonLogic.truthy(value);
}

/** The answer names a rule reads, in first-use order. */
export function ruleVars(rule: Rule): string[] {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [op, args] of Object.entries(node)) {
      if (op === 'var') {
        const name = Array.isArray(args) ? args[0] : args;
        if (typeof name === 'string' && name !== '') names.add(name.split('.')[0]!);
        else visit(args);
      } else if (op === 'missing' || op === 'missing_some') {
        const list = op === 'missing_some' && Array.isArray(args) ? args[1] : args;
        for (const name of Array.isArray(list) ? list : [list]) {
          if (typeof name === 'string') names.add(name);
          else visit(name);
        }
      } else {
        visit(args);
      }
    }
  };
  visit(rule);
  return [...names];
}
