import { Ajv, type Options, type Plugin } from "ajv";
import ajvErrorsModule from "ajv-errors";
import ajvFormatsModule from "ajv-formats";
import type { FastifySchemaCompiler } from "fastify";
import type { FastifySchemaValidationError } from "fastify/types/schema.js";

// Both plugins are CommonJS with an `__esModule` default; bundlers and Node disagree on which layer
// `import x from` yields, so take whichever is the function.
const pluginOf = <T>(module: unknown): Plugin<T> =>
  (typeof module === "function" ? module : (module as { default: unknown }).default) as Plugin<T>;
const ajvErrors = pluginOf<unknown>(ajvErrorsModule);
const addFormats = pluginOf<unknown>(ajvFormatsModule);

function createAjv(options: Options): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true, ...options });
  addFormats(ajv);
  ajvErrors(ajv);
  return ajv;
}

// Bodies are taken as sent: a number where a string belongs, or a field the schema does not name, is a
// 400 rather than silently coerced or dropped. Query strings and path params are text, so they coerce.
const strict = createAjv({ coerceTypes: false, removeAdditional: false });
const lenient = createAjv({ coerceTypes: "array", removeAdditional: false });

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === "body" ? strict : lenient).compile(schema as object);

/**
 * Picks the one message a person should read: the product's own wording (docs/product.md#validation) where a
 * schema gives it.
 */
export function formatValidationError(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const chosen = errors.find((error) => error.keyword === "errorMessage") ?? errors[0];
  let message = "Invalid request";
  if (chosen?.keyword === "errorMessage") message = chosen.message ?? message;
  else if (chosen?.keyword === "additionalProperties") {
    message = `Unknown field "${(chosen.params as { additionalProperty?: string }).additionalProperty}" in ${dataVar}`;
  } else if (chosen) message = `${dataVar}${chosen.instancePath} ${chosen.message}`;
  return new Error(message);
}
