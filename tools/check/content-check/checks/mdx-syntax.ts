/** MDX's own syntax errors (technical English) turned into the French sentences editors need. */
import { ContentError, ContentErrors } from '../../../../src/content/schema/errors.ts';
import { explainSyntaxError } from '../../../../src/content/schema/messages.ts';

export function toMessages(error: unknown, relative: string): string[] {
  if (error instanceof ContentErrors) return error.errors.map((each) => each.message);
  return [toMessage(error, relative)];
}

function toMessage(error: unknown, relative: string): string {
  if (error instanceof ContentError) return error.message;
  const reason = (error as { reason?: string }).reason ?? String(error);
  // An unclosed tag has no line of its own: its reason names where the tag was opened (`(6:1-6:10)`).
  const line = (error as { line?: number }).line ?? Number(/\((\d+):\d+/.exec(reason)?.[1] ?? 0);
  return `${relative}${line ? `:${line}` : ''} → ${explainSyntaxError(reason)}`;
}
