/**
 * A scoring input that breaks a rule: the message names the field (relative to the turn facts or round
 * events given) and the rule. The scoring sheet re-roots the path under `rounds[i].turns[j]`.
 */
import { fieldPath, InputError } from "../../core/errors.js";

export class RuleError extends InputError {
  constructor(
    readonly path: readonly PropertyKey[],
    readonly detail: string,
    readonly ruleId?: string,
  ) {
    super(`${fieldPath(path)}: ${detail}${ruleId ? ` (${ruleId})` : ""}`);
  }

  /** The same error with its path under `prefix`. */
  under(prefix: readonly PropertyKey[]): RuleError {
    return new RuleError([...prefix, ...this.path], this.detail, this.ruleId);
  }
}

export function fail(path: readonly PropertyKey[], detail: string, ruleId?: string): never {
  throw new RuleError(path, detail, ruleId);
}
