// GitHub workflow commands (::error / ::warning) for the checks that failed or warned, capped:
// the runner shows only a few per step, and a flood would bury the log.
import type { CheckResult, RunResults } from '../harness/results/results.js';
import { severity } from './console-style.js';
import { oneLine } from './text.js';

/** Annotations of each kind before the rest are summed up in one notice. */
export const MAX_ANNOTATIONS = 10;

// Workflow command escaping: data escapes %, CR, LF; properties also : and ,.
const data = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (text: string) => data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** fail and error are errors; warn and unstable (a miss that did not reproduce) warnings; others none. */
function kindOf(check: CheckResult): 'error' | 'warning' | undefined {
  if (check.expectedFailure) return undefined; // a baselined failure is not news
  if (check.verdict === 'fail' || check.verdict === 'error') return 'error';
  if (check.verdict === 'warn' || (check.verdict as string) === 'unstable') return 'warning';
  return undefined;
}

export function renderAnnotations(results: RunResults, max = MAX_ANNOTATIONS): string[] {
  const lines: string[] = [];
  const left = { error: 0, warning: 0 };
  const shown = { error: 0, warning: 0 };
  for (const check of [...results.checks].sort((a, b) => severity(a.verdict) - severity(b.verdict))) {
    const kind = kindOf(check);
    if (!kind) continue;
    if (shown[kind] >= max) {
      left[kind]++;
      continue;
    }
    shown[kind]++;
    // Visible control characters only: a server's escape sequences must not reach the log.
    const reason = oneLine(
      `${check.verdict}: ${check.reason ?? check.title} (${check.level} ${check.spec})`,
      500,
    ).replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
    lines.push(`::${kind} title=${property(check.id)}::${data(reason)}`);
  }
  if (left.error + left.warning > 0)
    lines.push(
      `::notice title=mcp-conform::${left.error} more failures and ${left.warning} more warnings; see the job summary and the reports`,
    );
  return lines;
}
