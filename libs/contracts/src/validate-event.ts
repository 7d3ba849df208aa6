import type { TSchema } from "typebox";
import Compile, { type Validator } from "typebox/compile";
import { type AnyEvent, EventEnvelopeSchema } from "./envelope.ts";
import { contractOf, type EventName, isEventName } from "./registry.ts";

/** An event that does not satisfy its contract. Never worth retrying: the same bytes fail the same way. */
export class InvalidEventError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid event: ${problems.join("; ")}`);
    this.name = "InvalidEventError";
  }
}

const validators = new Map<TSchema, Validator>();

/** Compiled once per schema: validation sits on the hot path of every publish and every delivery. */
function validatorOf(schema: TSchema): Validator {
  let validator = validators.get(schema);
  if (!validator) {
    validator = Compile(schema);
    validators.set(schema, validator);
  }
  return validator;
}

const envelopeValidator = Compile(EventEnvelopeSchema);

const MAX_PROBLEMS = 5;

function problemsOf(validator: Validator, value: unknown, path: string): string[] {
  return validator
    .Errors(value)
    .slice(0, MAX_PROBLEMS)
    .map((error) => `${path}${error.instancePath} ${error.message}`);
}

/** Throws InvalidEventError unless `data` is a valid payload of the event called `name`. */
export function assertEventData(name: EventName, data: unknown): void {
  const { schema } = contractOf(name);
  const validator = validatorOf(schema);
  if (validator.Check(data)) return;
  throw new InvalidEventError(problemsOf(validator, data, "data"));
}

/**
 * Checks a value from the outside (a broker message, an outbox row) against the envelope and the
 * contract its name points to, and returns it typed. Throws InvalidEventError with every problem found.
 */
export function parseEvent(value: unknown): AnyEvent {
  if (!envelopeValidator.Check(value)) {
    throw new InvalidEventError(problemsOf(envelopeValidator, value, "envelope"));
  }
  if (!isEventName(value.name)) throw new InvalidEventError([`unknown event "${value.name}"`]);
  const contract = contractOf(value.name);
  if (value.version !== contract.version) {
    throw new InvalidEventError([
      `${value.name} version ${value.version} is not the known version ${contract.version}`,
    ]);
  }
  assertEventData(value.name, value.data);
  return value as AnyEvent;
}
