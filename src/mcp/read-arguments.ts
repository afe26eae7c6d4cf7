import type { z } from 'zod';
import { CairnError } from '../index.js';

/**
 * A tool's arguments parsed by its input schema; arguments the schema
 * refuses are `invalid_option` naming each field and what it expected, so
 * that the model can mend its call.
 */
export function readArguments<S extends z.ZodObject>(schema: S, args: unknown): z.output<S> {
  const parsed = schema.safeParse(args ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues
    .slice(0, 10)
    .map(
      (issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'arguments'}: ${issue.message}`,
    );
  throw new CairnError('invalid_option', `Bad arguments: ${problems.join('; ')}`, {
    details: {
      issues: parsed.error.issues
        .slice(0, 10)
        .map((i) => ({ path: i.path.map(String), message: i.message })),
    },
  });
}
