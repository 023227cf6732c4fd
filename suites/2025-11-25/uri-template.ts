// RFC 6570 URI template syntax (level 4), enough to tell a well-formed template from a broken one.
const VARCHAR = '(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})';
const VARSPEC = `${VARCHAR}(?:\\.?${VARCHAR})*(?::[1-9][0-9]{0,3}|\\*)?`;
const EXPRESSION = new RegExp(`^\\{[+#./;?&]?${VARSPEC}(?:,${VARSPEC})*\\}$`);

/** Why the template is not RFC 6570, or undefined when it is. */
export function uriTemplateProblem(template: string): string | undefined {
  let rest = template;
  while (rest.length > 0) {
    const open = rest.indexOf('{');
    const close = rest.indexOf('}');
    if (close !== -1 && (open === -1 || close < open)) return `a "}" without its "{" in ${JSON.stringify(template)}`;
    if (open === -1) return undefined;
    const end = rest.indexOf('}', open);
    if (end === -1) return `an unclosed expression in ${JSON.stringify(template)}`;
    const expression = rest.slice(open, end + 1);
    if (!EXPRESSION.test(expression)) return `the expression ${expression} is not RFC 6570`;
    rest = rest.slice(end + 1);
  }
  return undefined;
}

/** Variable names of a template's expressions (for completion requests). */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(/\{[+#./;?&]?([^}]*)\}/g)) {
    for (const spec of match[1].split(',')) names.push(spec.replace(/(:\d+|\*)$/, ''));
  }
  return names;
}
