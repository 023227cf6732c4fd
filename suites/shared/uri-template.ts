// An RFC 6570 URI Template parser (levels 1-4): enough to tell whether a resource template is
// well formed and which variables it has.

export type UriTemplateParse = { ok: true; variables: string[] } | { ok: false; error: string };

// Literal characters: anything but CTL, space, " ' % < > \ ^ ` { | } (percent only as %XX).
const LITERAL = /^(?:[^\x00-\x20"'%<>\\^`{|}\x7f]|%[0-9A-Fa-f]{2})$/u;
const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*$/;
const OPERATORS = '+#./;?&';
const RESERVED_OPERATORS = '=,!@|';

function parseExpression(body: string, at: number): { variables: string[] } | { error: string } {
  if (body === '') return { error: `empty expression at ${at}` };
  let list = body;
  if (RESERVED_OPERATORS.includes(body[0]))
    return { error: `operator ${JSON.stringify(body[0])} at ${at} is reserved for future extensions` };
  if (OPERATORS.includes(body[0])) list = body.slice(1);
  const variables: string[] = [];
  for (const varspec of list.split(',')) {
    // dotAll: a line feed in a variable name is a malformed name, not a missed match.
    const match = /^(.*?)(?::([1-9][0-9]{0,3})|(\*))?$/s.exec(varspec)!;
    if (!VARNAME.test(match[1])) return { error: `bad variable ${JSON.stringify(varspec)} in expression at ${at}` };
    variables.push(match[1]);
  }
  return { variables };
}

export function parseUriTemplate(template: string): UriTemplateParse {
  const variables: string[] = [];
  let i = 0;
  while (i < template.length) {
    const char = template[i];
    if (char === '{') {
      const end = template.indexOf('}', i);
      if (end === -1) return { ok: false, error: `unclosed expression at ${i}` };
      const body = template.slice(i + 1, end);
      if (body.includes('{')) return { ok: false, error: `nested "{" in expression at ${i}` };
      const parsed = parseExpression(body, i);
      if ('error' in parsed) return { ok: false, error: parsed.error };
      variables.push(...parsed.variables);
      i = end + 1;
      continue;
    }
    const piece = char === '%' ? template.slice(i, i + 3) : String.fromCodePoint(template.codePointAt(i)!);
    if (!LITERAL.test(piece))
      return {
        ok: false,
        error: `character ${JSON.stringify(piece)} at ${i} is not allowed in a URI template literal`,
      };
    i += piece.length;
  }
  return { ok: true, variables: [...new Set(variables)] };
}

/** Why the template is not RFC 6570, or undefined when it is. */
export function uriTemplateProblem(template: string): string | undefined {
  const parsed = parseUriTemplate(template);
  return parsed.ok ? undefined : `${JSON.stringify(template)} is not an RFC 6570 URI template: ${parsed.error}`;
}

/** Variable names of a well-formed template (none for a malformed one). */
export function templateVariables(template: string): string[] {
  const parsed = parseUriTemplate(template);
  return parsed.ok ? parsed.variables : [];
}
