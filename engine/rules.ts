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
